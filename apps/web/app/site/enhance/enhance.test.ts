// The site script (ADR 056) on server-rendered markup, in happy-dom: each part reads what the page
// rendered and does what React used to. The real pages, in Chromium, are site*.e2e.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_EVENT, CONSENT_STORAGE_KEY } from '../../lib/consent.ts';
import { enhanceContactForm } from './contact.ts';
import { enhanceImages, enhancePage } from './enhance.ts';
import { enhanceTipForm, matchList, TIP_DEBOUNCE_MS, type TipMatchesSetup } from './tip-matches.ts';

beforeEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('data-enhanced');
  document.documentElement.removeAttribute('data-theme');
});
afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

const json = (data: unknown, status = 200) =>
  new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });

describe('enhancePage', () => {
  it('shows the stored theme in the switch, applies and stores a new one, and marks the page', () => {
    localStorage.setItem('theme', 'dark');
    document.body.innerHTML =
      '<select data-theme-switch=""><option value="system" selected>S</option><option value="light">L</option><option value="dark">D</option></select>';
    enhancePage(document);
    const select = document.querySelector('select')!;
    expect(select.value).toBe('dark');
    select.value = 'light';
    select.dispatchEvent(new Event('change'));
    expect(localStorage.getItem('theme')).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(document.documentElement.hasAttribute('data-enhanced')).toBe(true);
  });

  it('removes the banner and shows nothing from Facebook under automation once consent is given', () => {
    document.body.innerHTML =
      '<section class="cookie-banner"></section><section class="comments" data-comments="https://x.example/a" data-comments-posts="10" data-comments-locale="ar_AR"><h2>c</h2><p class="muted">after consent</p></section>';
    enhancePage(document);
    expect(document.querySelector('.cookie-banner')).not.toBeNull();
    localStorage.setItem(CONSENT_STORAGE_KEY, 'granted');
    window.dispatchEvent(new CustomEvent(CONSENT_EVENT));
    expect(document.querySelector('.cookie-banner')).toBeNull();
    // happy-dom reports navigator.webdriver like a test browser: the widget never loads in tests.
    if (navigator.webdriver) expect(document.querySelector('.fb-comments')).toBeNull();
  });

  it('replaces a YouTube placeholder with its frame on a press, and nothing before', () => {
    document.body.innerHTML =
      '<div class="embed embed-placeholder embed-youtube" data-embed="youtube" data-embed-url="https://youtu.be/abcdefgh" data-embed-video="abcdefgh" data-embed-title="منشور من يوتيوب"><button type="button" class="button embed-load">تحميل</button></div>';
    enhancePage(document);
    expect(document.querySelector('iframe')).toBeNull();
    document.querySelector<HTMLButtonElement>('.embed-load')!.click();
    const frame = document.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/abcdefgh?autoplay=1');
    expect(frame.title).toBe('منشور من يوتيوب');
    expect(document.querySelector('.embed-loaded')).toBe(document.activeElement);
    expect(document.querySelector('.embed-placeholder')).toBeNull();
  });

  it('builds X’s markup for a post and loads its script once', () => {
    document.body.innerHTML =
      '<div data-embed="x" data-embed-url="https://twitter.com/a/status/1" data-embed-lang="ar"><button class="embed-load">x</button></div>';
    enhancePage(document);
    document.querySelector<HTMLButtonElement>('.embed-load')!.click();
    expect(document.querySelector('.twitter-tweet a')!.getAttribute('href')).toBe(
      'https://twitter.com/a/status/1',
    );
    expect(document.querySelector('.twitter-tweet')!.getAttribute('data-lang')).toBe('ar');
    expect(document.querySelectorAll('script#twitter-wjs')).toHaveLength(1);
  });
});

describe('the image fallback', () => {
  it('shows the error image, without the picture’s sources, when an image fails', () => {
    document.body.innerHTML =
      '<picture><source type="image/webp" srcset="/a.webp 400w"><img class="picture" src="/a.jpg" data-fallback="/error.svg"></picture>';
    enhanceImages(document);
    const image = document.querySelector('img')!;
    image.dispatchEvent(new Event('error'));
    expect(image.getAttribute('src')).toBe('/error.svg');
    expect(document.querySelector('source')).toBeNull();
    expect(image.hasAttribute('data-fallback')).toBe(false);
  });
});

const SETUP: TipMatchesSetup = {
  language: 'ar',
  title: 'تحقّقنا من هذا',
  noMatch: 'لا شيء',
  searching: 'نبحث…',
  ratings: { fraud: { name: 'زائف', style: { '--chip': '#ff3657', '--chip-text': '#ffffff' } } },
};

describe('check-a-claim’s live matches', () => {
  it('renders matches as the server does, each linked in its own language', () => {
    const list = matchList(
      [
        { _id: '1', title: 'طوابير', slug: 'bread', language: 'ar', category: 'fraud' },
        { _id: '2', title: 'Queues', slug: null, language: 'en', category: null },
      ],
      SETUP,
    );
    const items = list.querySelectorAll('[data-testid="tip-match"]');
    expect(items).toHaveLength(2);
    expect(items[0]!.querySelector('a')!.getAttribute('href')).toBe('/factcheck/bread');
    expect(items[0]!.querySelector<HTMLElement>('.rating-chip')!.style.getPropertyValue('--chip')).toBe(
      '#ff3657',
    );
    expect(items[1]!.querySelector('a')!.getAttribute('href')).toBe('/en/factcheck/2');
    expect(list.querySelector('h2')!.textContent).toBe('تحقّقنا من هذا');
  });

  it('asks once, 300 ms after the last key, for the latest text only', async () => {
    vi.useFakeTimers();
    document.body.innerHTML = `<textarea id="tip-claim"></textarea><div id="tip-live" data-tip-matches='${JSON.stringify(SETUP)}'></div>`;
    const asked: string[] = [];
    enhanceTipForm(document, async (url) => {
      asked.push(String(url));
      return json({
        data: [{ _id: '1', title: 'طوابير', slug: 'bread', language: 'ar', category: 'fraud' }],
      });
    });
    const claim = document.querySelector('textarea')!;
    for (const text of ['طو', 'طوابير', 'طوابير الخبز']) {
      claim.value = text;
      claim.dispatchEvent(new Event('input'));
      await vi.advanceTimersByTimeAsync(100);
    }
    await vi.advanceTimersByTimeAsync(TIP_DEBOUNCE_MS);
    expect(asked).toEqual([`/api/tip/matches?q=${encodeURIComponent('طوابير الخبز')}`]);
    expect(document.querySelectorAll('#tip-live [data-testid="tip-match"]')).toHaveLength(1);
    claim.value = 'ab';
    claim.dispatchEvent(new Event('input'));
    expect(document.querySelector('#tip-live')!.childElementCount).toBe(0);
  });
});

describe('the contact form', () => {
  const form = () => {
    document.body.innerHTML = `<form method="post" data-contact-form='${JSON.stringify({ sent: 'Sent', failed: 'Failed', invalidEmail: 'Bad address' })}'><input name="name"><input name="email" type="email"><textarea name="subject"></textarea><button type="submit">Send</button></form>`;
    const field = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
    const fill = (name: string, value: string) => {
      field(name).value = value;
      field(name).dispatchEvent(new Event('input'));
      field(name).dispatchEvent(new Event('blur'));
    };
    return { field, fill, button: document.querySelector('button')! };
  };

  it('is disabled while invalid, says what is wrong with the address, and posts JSON to contract', async () => {
    const { fill, field, button } = form();
    const posted: unknown[] = [];
    enhanceContactForm(document, async (_url, init) => {
      posted.push(JSON.parse(String(init?.body)));
      return json({});
    });
    expect(button.disabled).toBe(true);
    fill('name', 'Hiba');
    fill('email', 'not-an-email');
    fill('subject', 'Please check');
    expect(button.disabled).toBe(true);
    expect(field('email').getAttribute('aria-invalid')).toBe('true');
    expect(document.querySelector('.field-error')!.textContent).toBe('Bad address');
    fill('email', 'hiba@example.org');
    expect(button.disabled).toBe(false);
    expect(document.querySelector('.field-error')).toBeNull();
    document.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() => expect(document.querySelector('[data-testid="contact-sent"]')).not.toBeNull());
    expect(posted).toEqual([{ name: 'Hiba', email: 'hiba@example.org', subject: 'Please check' }]);
  });

  it('says so when the message could not be sent, and lets the reader try again', async () => {
    const { fill, button } = form();
    enhanceContactForm(document, async () => json({}, 500));
    fill('name', 'Hiba');
    fill('email', 'hiba@example.org');
    fill('subject', 'Please check');
    document.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() => expect(document.querySelector('[role="alert"]')!.textContent).toBe('Failed'));
    expect(button.disabled).toBe(false);
  });
});
