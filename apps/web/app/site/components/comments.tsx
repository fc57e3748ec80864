import { COMMENTS_ATTRIBUTE } from '../enhance/markers.ts';
import { useLanguage, useMessages } from '../i18n/use-language.ts';

export const FACEBOOK_LOCALES = { ar: 'ar_AR', en: 'en_US', tr: 'tr_TR' } as const;

/**
 * The Facebook comments widget's place. The site script (site/enhance/comments.ts) puts the widget
 * here in the browser only, after consent only, never under automation (tests), so no page ever
 * loads a third-party script before the reader agrees.
 */
export function Comments({ url, isTrial }: { url: string; isTrial: boolean }) {
  const t = useMessages();
  const language = useLanguage();
  return (
    <section
      className="comments"
      aria-label={t.comments}
      {...{ [COMMENTS_ATTRIBUTE]: url }}
      data-comments-posts={isTrial ? 5 : 10}
      data-comments-locale={FACEBOOK_LOCALES[language]}
    >
      <h2>{t.comments}</h2>
      <p className="muted">{t.commentsConsent}</p>
    </section>
  );
}
