// What runs in the browser on a public page (ADR 056). Public pages are complete documents that
// read, navigate (plain links) and search (a GET form) without JavaScript; they are not hydrated.
// This small script, loaded deferred (root.tsx), adds what needs JavaScript: the theme switch,
// closing an open dropdown on a click elsewhere, the read counter, page views and the banner after
// consent, the comments widget after consent, social posts on a press, copy link, the image
// fallback, and the two forms (check-a-claim's live matches, the contact form). Each part reads
// what the server rendered (markers.ts) and nothing else, so it cannot disagree with the page.
import { trackPageView } from '../../lib/analytics.ts';
import { CONSENT_EVENT, hasConsent } from '../../lib/consent.ts';
import { countReadOnce } from '../../lib/reads.ts';
import { readStoredTheme, storeTheme, THEMES, type Theme } from '../../lib/theme.ts';
import { EMBED_ORIGINS, youtubeFrameUrl } from '../components/embeds.ts';
import { enhanceContactForm } from './contact.ts';
import { element } from './dom.ts';
import {
  COMMENTS_ATTRIBUTE,
  COPY_LINK_ATTRIBUTE,
  EMBED_ATTRIBUTE,
  ENHANCED_ATTRIBUTE,
  IMAGE_FALLBACK_ATTRIBUTE,
  READ_ID_ATTRIBUTE,
  THEME_SWITCH_ATTRIBUTE,
} from './markers.ts';
import { enhanceTipForm } from './tip-matches.ts';

const FACEBOOK_SDK_ID = 'facebook-jssdk';
const X_SCRIPT_ID = 'twitter-wjs';

interface WidgetWindow {
  twttr?: { widgets?: { load: (element?: Element) => void } };
  FB?: { XFBML?: { parse: (element?: Element) => void } };
}

/** Adds a provider's script once; when it is already there, asks it to render the new element. */
function loadProviderScript(id: string, src: string, rerender: () => void): void {
  if (document.getElementById(id)) {
    rerender();
    return;
  }
  document.body.append(element('script', { id, src, async: '' }));
}

/** The header's theme <select>: shows the stored choice, stores a new one. */
function enhanceThemeSwitch(root: ParentNode): void {
  for (const select of root.querySelectorAll<HTMLSelectElement>(`select[${THEME_SWITCH_ATTRIBUTE}]`)) {
    select.value = readStoredTheme();
    select.addEventListener('change', () => {
      const theme = select.value as Theme;
      storeTheme(THEMES.includes(theme) ? theme : 'system');
    });
  }
}

/** A click outside an open header dropdown closes it; a page back from the back/forward cache opens with its menus shut. */
function enhanceMenus(doc: Document): void {
  doc.addEventListener('click', (event) => {
    for (const details of doc.querySelectorAll<HTMLDetailsElement>('.site-header details.dropdown[open]')) {
      if (!details.contains(event.target as Node)) details.open = false;
    }
  });
  window.addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    for (const details of doc.querySelectorAll('.site-header details[open]')) details.removeAttribute('open');
  });
}

/** "Copy link": copies the page's address and says so; without a clipboard the link is followed. */
function enhanceCopyLink(doc: Document): void {
  doc.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>(`a[${COPY_LINK_ATTRIBUTE}]`);
    if (!link || !navigator.clipboard) return;
    event.preventDefault();
    void navigator.clipboard.writeText(link.href).then(() => {
      const label = link.querySelector('span');
      if (label) label.textContent = link.getAttribute(COPY_LINK_ATTRIBUTE);
    });
  });
}

/** An item's image that failed to load (before or after this script ran) becomes the error image. */
export function enhanceImages(doc: Document): void {
  const fallBack = (image: HTMLImageElement) => {
    const fallback = image.getAttribute(IMAGE_FALLBACK_ATTRIBUTE);
    if (!fallback) return;
    image.removeAttribute(IMAGE_FALLBACK_ATTRIBUTE);
    // The <source>s of its <picture> would keep choosing the failed image.
    if (image.parentElement?.tagName === 'PICTURE') {
      for (const source of image.parentElement.querySelectorAll('source')) source.remove();
    }
    image.removeAttribute('srcset');
    image.src = fallback;
  };
  doc.addEventListener(
    'error',
    (event) => {
      if (event.target instanceof HTMLImageElement) fallBack(event.target);
    },
    true,
  );
  for (const image of doc.querySelectorAll<HTMLImageElement>(`img[${IMAGE_FALLBACK_ATTRIBUTE}]`)) {
    if (image.complete && image.naturalWidth === 0 && image.currentSrc) fallBack(image);
  }
}

/** The Facebook comments widget, after consent and never under automation. */
function showComments(doc: Document): void {
  if (!hasConsent() || navigator.webdriver) return;
  for (const section of doc.querySelectorAll<HTMLElement>(`[${COMMENTS_ATTRIBUTE}]`)) {
    const note = section.querySelector('p.muted');
    if (!note) continue;
    note.replaceWith(
      element('div', {
        class: 'fb-comments',
        'data-href': section.getAttribute(COMMENTS_ATTRIBUTE) ?? '',
        'data-numposts': section.dataset.commentsPosts,
        'data-width': '100%',
      }),
    );
    if (!doc.getElementById(FACEBOOK_SDK_ID)) {
      doc.body.append(
        element('script', {
          id: FACEBOOK_SDK_ID,
          async: '',
          src: `${EMBED_ORIGINS.facebookSdk}/${section.dataset.commentsLocale}/sdk.js#xfbml=1&version=v19.0`,
        }),
      );
    }
  }
}

/**
 * A social post's placeholder: its button replaces it with the post (the YouTube frame, or X's or
 * Facebook's markup and their script). Pressing it is the consent for that one post (see
 * embed-placeholder.tsx); nothing is requested before.
 */
export function enhanceEmbeds(root: Document | HTMLElement): void {
  root.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.('.embed-load');
    const placeholder = button?.closest<HTMLElement>(`[${EMBED_ATTRIBUTE}]`);
    if (!placeholder?.isConnected) return;
    const provider = placeholder.getAttribute(EMBED_ATTRIBUTE);
    const { embedUrl: url = '', embedVideo: video, embedTitle: title, embedLang: lang } = placeholder.dataset;
    const link = () => element('a', { href: url }, url);
    const post =
      provider === 'youtube' && video
        ? element(
            'div',
            { class: 'embed-frame' },
            element('iframe', {
              src: youtubeFrameUrl(video),
              title,
              allow:
                'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share',
              referrerpolicy: 'strict-origin-when-cross-origin',
              allowfullscreen: '',
            }),
          )
        : provider === 'x'
          ? element('blockquote', { class: 'twitter-tweet', 'data-dnt': 'true', 'data-lang': lang }, link())
          : element(
              'div',
              { class: 'fb-post', 'data-href': url, 'data-width': 'auto', 'data-show-text': 'true' },
              element('blockquote', { cite: url, class: 'fb-xfbml-parse-ignore' }, link()),
            );
    const loaded = element('div', { tabindex: '-1', class: `embed embed-loaded embed-${provider}` }, post);
    placeholder.replaceWith(loaded);
    // The button is gone: keep keyboard focus on what replaced it.
    loaded.focus();
    const widgets = window as WidgetWindow;
    if (provider === 'x') {
      loadProviderScript(X_SCRIPT_ID, EMBED_ORIGINS.xScript, () => widgets.twttr?.widgets?.load(loaded));
    } else if (provider === 'facebook') {
      const src = `${EMBED_ORIGINS.facebookSdk}/${lang}/sdk.js#xfbml=1&version=v19.0`;
      loadProviderScript(FACEBOOK_SDK_ID, src, () => widgets.FB?.XFBML?.parse(loaded));
    }
  });
}

/** After consent (now or earlier): the banner leaves the page, the view is recorded, comments load. */
function enhanceConsent(doc: Document): void {
  const apply = () => {
    if (!hasConsent()) return;
    for (const banner of doc.querySelectorAll('.cookie-banner')) banner.remove();
    showComments(doc);
  };
  apply();
  trackPageView(location.pathname);
  window.addEventListener(CONSENT_EVENT, apply);
}

/** Wires a public page once; marks <html> when done. */
export function enhancePage(doc: Document = document): void {
  const root = doc.documentElement;
  if (root.hasAttribute(ENHANCED_ATTRIBUTE)) return;
  enhanceThemeSwitch(doc);
  enhanceMenus(doc);
  enhanceCopyLink(doc);
  enhanceImages(doc);
  enhanceEmbeds(doc);
  enhanceConsent(doc);
  enhanceTipForm(doc);
  enhanceContactForm(doc);
  const read = doc.querySelector(`[${READ_ID_ATTRIBUTE}]`)?.getAttribute(READ_ID_ATTRIBUTE);
  if (read) void countReadOnce(read, { isPublished: true });
  root.setAttribute(ENHANCED_ATTRIBUTE, '');
}
