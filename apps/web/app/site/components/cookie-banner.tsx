import { CONSENT_ACCEPT_ATTRIBUTE } from '../../lib/consent.ts';
import { localePath } from '../i18n/paths.ts';
import { useLanguage, useMessages } from '../i18n/use-language.ts';
import { SiteLink } from './site-link.tsx';

/**
 * Shown until consent is granted. The server never knows the choice, so it always renders the
 * banner and CSS shows it only under `<html data-consent="unset">` (set before the first paint by
 * CONSENT_BOOT_SCRIPT, which also handles the button); the site script then takes the banner out
 * of the page for readers who have chosen.
 */
export function CookieBanner() {
  const t = useMessages();
  const language = useLanguage();
  return (
    <section className="cookie-banner" aria-label={t.cookieMore} data-testid="cookie-banner">
      <p>
        {t.cookieText} <SiteLink to={localePath(language, '/privacy-policy')}>{t.cookieMore}</SiteLink>
      </p>
      <button type="button" className="button" {...{ [CONSENT_ACCEPT_ATTRIBUTE]: '' }}>
        {t.cookieAccept}
      </button>
    </section>
  );
}
