// Header (spec §2): rating and topic menus, "criteria" and "about us" dropdowns, search, language
// and theme. Dropdowns are <details>, so they open without JavaScript; under 768px a <details> menu
// button shows them all. A click elsewhere closes an open dropdown (the site script, site/enhance).
import type { LayoutData } from '../data/types.ts';
import type { Language } from '../i18n/language.ts';
import type { Messages } from '../i18n/messages.ts';
import { localePath } from '../i18n/paths.ts';
import { useMessages } from '../i18n/use-language.ts';
import { logoHref } from '../site-assets.ts';
import { Icon } from './icons.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { SiteLink } from './site-link.tsx';
import { ThemeSwitch } from './theme-switch.tsx';

export function aboutLinks(language: Language, t: Messages): { href: string; label: string }[] {
  const p = (path: string) => localePath(language, path);
  return [
    { href: p('/about-us'), label: t.aboutUs },
    { href: p('/our-vision'), label: t.ourVision },
    { href: p('/our-message'), label: t.ourMessage },
    { href: p('/tabayyun-story'), label: t.ourStory },
    { href: p('/organizational-structure'), label: t.organizationalStructure },
    { href: p('/our-team'), label: t.ourTeam },
    { href: p('/partners'), label: t.partners },
    { href: p('/methodology'), label: t.methodology },
    { href: p('/editorial-and-publication-policy'), label: t.editorialPolicy },
    { href: p('/correction-and-complaints-policy'), label: t.correctionPolicy },
  ];
}

function NavLinks({ layout }: { layout: LayoutData }) {
  const t = useMessages();
  const { language } = layout;
  return (
    <ul className="nav-list">
      <li>
        <SiteLink to={localePath(language, '/')}>{t.home}</SiteLink>
      </li>
      <li>
        <details className="dropdown" id="nav-criteria">
          <summary>{t.criteria}</summary>
          <ul className="dropdown-panel">
            {layout.criteria.map((node) => (
              <li key={node.id}>
                <SiteLink to={node.href} className="dropdown-strong">
                  <span className="dot" style={{ background: node.color }} />
                  {node.name}
                </SiteLink>
                {node.children.length > 0 ? (
                  <ul>
                    {node.children.map((child) => (
                      <li key={child.id}>
                        <SiteLink to={child.href}>{child.name}</SiteLink>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </details>
      </li>
      {layout.topics.length > 0 ? (
        <li>
          <details className="dropdown" id="nav-topics">
            <summary>{t.topics}</summary>
            <ul className="dropdown-panel">
              {layout.topics.map((topic) => (
                <li key={topic.id}>
                  <SiteLink to={topic.href}>{topic.name}</SiteLink>
                </li>
              ))}
              <li>
                <SiteLink to={localePath(language, '/topic/window-to-verify')}>{t.windowToVerify}</SiteLink>
              </li>
            </ul>
          </details>
        </li>
      ) : null}
      <li>
        <SiteLink to={localePath(language, '/sources')}>{t.sources}</SiteLink>
      </li>
      <li>
        <details className="dropdown" id="nav-about">
          <summary>{t.aboutUs}</summary>
          <ul className="dropdown-panel">
            {aboutLinks(language, t).map((link) => (
              <li key={link.href}>
                <SiteLink to={link.href}>{link.label}</SiteLink>
              </li>
            ))}
          </ul>
        </details>
      </li>
      <li>
        <SiteLink to={localePath(language, '/check-a-claim')}>{t.checkClaim}</SiteLink>
      </li>
      <li>
        <SiteLink to={localePath(language, '/contact-us')}>{t.contactUs}</SiteLink>
      </li>
    </ul>
  );
}

export function Header({ layout }: { layout: LayoutData }) {
  const t = useMessages();
  const { language } = layout;

  // One navigation, search and preferences for every width (each used to be rendered twice, once
  // for the phone menu: a fifth of the page's elements). Under 768px they are hidden until the menu
  // button (a <details> with only its summary, so it works without JavaScript) opens them.
  return (
    <header className="site-header">
      <div className="container header-bar">
        <SiteLink to={localePath(language, '/')} className="brand" aria-label={t.siteName}>
          <img src={logoHref} alt="" width="36" height="36" />
          <span className="brand-name">{t.siteName}</span>
        </SiteLink>
        <details className="mobile-menu mobile-only">
          <summary aria-label={t.menu}>
            <Icon name="menu" size={24} />
          </summary>
        </details>
        <div className="header-menu">
          <nav className="main-nav" aria-label={t.menu}>
            <NavLinks layout={layout} />
          </nav>
          <div className="header-tools">
            <form className="header-search" action={localePath(language, '/search')} method="get">
              <input type="search" name="keyword" placeholder={t.searchPlaceholder} aria-label={t.search} />
              <button type="submit" aria-label={t.search}>
                <Icon name="search" size={18} />
              </button>
            </form>
            <div className="header-prefs">
              <LanguageSwitcher />
              <ThemeSwitch />
            </div>
          </div>
        </div>
      </div>
    </header>
  );
}
