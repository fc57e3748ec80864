// The tombstone of a withdrawn fact-check or article (issue 33 §4): answered with 410 at its
// address; says it was withdrawn, when, and the public reason.
import type { WithdrawnView } from '../data/withdrawn.server.ts';
import { homePathOf } from '../i18n/language.ts';
import { localePath } from '../i18n/paths.ts';
import { useLanguage, useMessages } from '../i18n/use-language.ts';
import { SiteLink } from './site-link.tsx';

export function WithdrawnPage({ withdrawn }: { withdrawn: WithdrawnView }) {
  const language = useLanguage();
  const t = useMessages();
  return (
    <section className="site-page status-page withdrawn-page" data-testid="withdrawn">
      <p className="site-page-code">410</p>
      <h1>{t.withdrawnTitle}</h1>
      <p className="withdrawn-item">{withdrawn.title}</p>
      <p>
        <time dateTime={withdrawn.withdrawnAt} dir="auto">
          {withdrawn.text}
        </time>
      </p>
      {withdrawn.reason ? (
        <p data-testid="withdrawn-reason">
          <strong>{t.withdrawnReason}</strong> {withdrawn.reason}
        </p>
      ) : null}
      <p className="withdrawn-links">
        <SiteLink to={localePath(language, '/corrections')}>{t.corrections}</SiteLink>
        {' · '}
        <SiteLink to={localePath(language, '/correction-and-complaints-policy')}>
          {t.correctionPolicy}
        </SiteLink>
        {' · '}
        <SiteLink to={homePathOf(language)}>{t.backHome}</SiteLink>
      </p>
    </section>
  );
}
