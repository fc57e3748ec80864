import { localePath } from '../i18n/paths.ts';
import { useLanguage, useMessages } from '../i18n/use-language.ts';
import { logoHref } from '../site-assets.ts';
import { CONTACT_EMAIL, SOCIAL_ACCOUNTS } from '../social.ts';
import { aboutLinks } from './header.tsx';
import { Icon } from './icons.tsx';
import { SiteLink } from './site-link.tsx';

const BADGES = [
  {
    src: '/badges/accredited.svg',
    alt: { ar: 'معتمدة لدى شبكة دولية للتحقق', en: 'Accredited fact-checker' },
  },
  { src: '/badges/independent.svg', alt: { ar: 'مستقلة وغير ربحية', en: 'Independent, non-profit' } },
  { src: '/badges/since-2016.svg', alt: { ar: 'منذ 2016', en: 'Since 2016' } },
];

export function SocialLinks() {
  return (
    <ul className="social-links">
      {SOCIAL_ACCOUNTS.map((account) => (
        <li key={account.icon}>
          <a href={account.url} rel="noopener me" target="_blank" aria-label={account.name}>
            <Icon name={account.icon} />
          </a>
        </li>
      ))}
    </ul>
  );
}

export function Footer() {
  const t = useMessages();
  const language = useLanguage();
  const p = (path: string) => localePath(language, path);
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section>
          <p className="footer-brand">
            <img src={logoHref} alt="" width="32" height="32" loading="lazy" />
            {t.siteName}
          </p>
          <p className="footer-about">{t.footerAbout}</p>
          <SocialLinks />
        </section>
        <nav aria-label={t.aboutUs}>
          <h2>{t.aboutUs}</h2>
          <ul>
            {aboutLinks(language, t)
              .slice(0, 7)
              .map((link) => (
                <li key={link.href}>
                  <SiteLink to={link.href}>{link.label}</SiteLink>
                </li>
              ))}
          </ul>
        </nav>
        <nav aria-label={t.policies}>
          <h2>{t.policies}</h2>
          <ul>
            <li>
              <SiteLink to={p('/methodology')}>{t.methodology}</SiteLink>
            </li>
            <li>
              <SiteLink to={p('/editorial-and-publication-policy')}>{t.editorialPolicy}</SiteLink>
            </li>
            <li>
              <SiteLink to={p('/correction-and-complaints-policy')}>{t.correctionPolicy}</SiteLink>
            </li>
            <li>
              <SiteLink to={p('/corrections')}>{t.corrections}</SiteLink>
            </li>
            <li>
              <SiteLink to={p('/privacy-policy')}>{t.privacyPolicy}</SiteLink>
            </li>
            <li>
              <SiteLink to={p('/contact-us')}>{t.contactUs}</SiteLink>
            </li>
            <li>
              <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
            </li>
          </ul>
        </nav>
        <section>
          <h2>{t.partners}</h2>
          <ul className="badges">
            {BADGES.map((badge) => (
              <li key={badge.src}>
                <img
                  src={badge.src}
                  alt={language === 'ar' ? badge.alt.ar : badge.alt.en}
                  width="120"
                  height="48"
                  loading="lazy"
                />
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="container footer-legal">
        © 2016–{new Date().getUTCFullYear()} {t.siteName}. {t.rights}.
      </p>
    </footer>
  );
}
