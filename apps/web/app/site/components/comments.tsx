import { useEffect, useRef, useState } from 'react';
import { CONSENT_EVENT, hasConsent } from '../../lib/consent.ts';
import { useLanguage, useMessages } from '../i18n/use-language.ts';

const SDK_ID = 'facebook-jssdk';
const LOCALES = { ar: 'ar_AR', en: 'en_US', tr: 'tr_TR' } as const;

/**
 * The Facebook comments widget: browser only, after consent only, never under automation (tests),
 * so no page ever loads a third-party script before the reader agrees.
 */
export function Comments({ url, isTrial }: { url: string; isTrial: boolean }) {
  const t = useMessages();
  const language = useLanguage();
  const [isAllowed, setAllowed] = useState(false);
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const update = () => setAllowed(hasConsent() && !navigator.webdriver);
    update();
    window.addEventListener(CONSENT_EVENT, update);
    return () => window.removeEventListener(CONSENT_EVENT, update);
  }, []);

  useEffect(() => {
    if (!isAllowed || document.getElementById(SDK_ID)) return;
    const script = document.createElement('script');
    script.id = SDK_ID;
    script.async = true;
    script.src = `https://connect.facebook.net/${LOCALES[language]}/sdk.js#xfbml=1&version=v19.0`;
    document.body.appendChild(script);
  }, [isAllowed, language]);

  return (
    <section className="comments" aria-label={t.comments}>
      <h2>{t.comments}</h2>
      {isAllowed ? (
        <div
          ref={container}
          className="fb-comments"
          data-href={url}
          data-numposts={isTrial ? 5 : 10}
          data-width="100%"
        />
      ) : (
        <p className="muted">{t.commentsConsent}</p>
      )}
    </section>
  );
}
