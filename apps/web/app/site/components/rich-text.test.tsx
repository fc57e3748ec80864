import { fireEvent, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { enhanceEmbeds } from '../enhance/enhance.ts';
import { RichText } from './rich-text.tsx';

const YOUTUBE = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const X_POST = 'https://x.com/tabayyun/status/1790000000000000000';
const FACEBOOK = 'https://www.facebook.com/tabayyun/posts/pfbid02abc';
const embed = (url: string) => `<p><a href="${url}" rel="embed">${url}</a></p>`;
const BODY = `<p>قبل</p>${embed(YOUTUBE)}${embed(X_POST)}${embed(FACEBOOK)}<p>بعد</p>`;
const THIRD_PARTY =
  /youtube(?:-nocookie)?\.com\/embed|platform\.twitter\.com|connect\.facebook\.net|<iframe|<script/i;

function withRouter(path: string, html: string) {
  return (
    <MemoryRouter initialEntries={[path]}>
      <RichText html={html} />
    </MemoryRouter>
  );
}

afterEach(() => {
  for (const script of document.querySelectorAll('script')) script.remove();
  document.body.replaceChildren();
});

/** The server's markup in the page, wired by the site script as a public page is (ADR 056). */
function render(element: React.ReactElement): { container: HTMLElement } {
  const container = document.createElement('div');
  container.innerHTML = renderToString(element);
  document.body.append(container);
  enhanceEmbeds(container);
  return { container };
}

describe('RichText on the server', () => {
  it('renders text without embeds exactly as before', () => {
    expect(renderToString(withRouter('/', '<p dir="ltr">x</p>'))).toBe(
      '<div class="prose"><p dir="ltr">x</p></div>',
    );
  });

  it('renders each embed as a placeholder with the original link and no third-party frame or script', () => {
    const html = renderToString(withRouter('/en/factcheck/x', BODY));
    expect(html).not.toMatch(THIRD_PARTY);
    expect(html).toContain('<p>قبل</p>');
    expect(html).toContain('<p>بعد</p>');
    for (const [provider, url] of [
      ['YouTube', YOUTUBE],
      ['X', X_POST],
      ['Facebook', FACEBOOK],
    ]) {
      expect(html).toContain(`href="${url}"`);
      expect(html).toContain(`Load the post from ${provider}</button>`);
    }
  });

  it('names the provider in the reader’s language', () => {
    const arabic = renderToString(withRouter('/', embed(YOUTUBE)));
    expect(arabic).toContain('تحميل المنشور من يوتيوب');
    const turkish = renderToString(withRouter('/tr/', embed(X_POST)));
    expect(turkish).toContain('Gönderiyi X üzerinden yükle');
  });

  it('leaves rel=embed links to other hosts as plain links', () => {
    const html = renderToString(withRouter('/en/', embed('https://example.com/post')));
    expect(html).toBe(
      '<div class="prose"><p><a href="https://example.com/post" rel="embed">https://example.com/post</a></p></div>',
    );
  });
});

describe('RichText in the browser, with the site script', () => {
  it('loads nothing until the reader asks, then frames the video from youtube-nocookie', () => {
    const { container } = render(withRouter('/en/', BODY));
    expect(container.querySelector('iframe')).toBeNull();
    expect(document.querySelector('script')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Load the post from YouTube' }));
    const frame = container.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
    expect(frame?.getAttribute('title')).toBe('Post from YouTube');
    // Only that one post: the others still wait, and no script was added.
    expect(screen.getAllByRole('button')).toHaveLength(2);
    expect(document.querySelector('script')).toBeNull();
  });

  it('loads widgets.js for an X post and the SDK for a Facebook post, once each', () => {
    const { container } = render(withRouter('/en/', `${BODY}${embed(X_POST)}`));
    const [firstX, , secondX] = screen
      .getAllByRole('button', { name: 'Load the post from X' })
      .concat(screen.getAllByRole('button', { name: 'Load the post from Facebook' }));
    fireEvent.click(firstX as HTMLElement);
    expect(container.querySelector('blockquote.twitter-tweet a')?.getAttribute('href')).toBe(
      'https://twitter.com/tabayyun/status/1790000000000000000',
    );
    fireEvent.click(screen.getAllByRole('button', { name: 'Load the post from X' })[0] as HTMLElement);
    expect([...document.querySelectorAll('script')].map((script) => script.src)).toEqual([
      'https://platform.twitter.com/widgets.js',
    ]);

    fireEvent.click(secondX as HTMLElement);
    expect(container.querySelector('.fb-post')?.getAttribute('data-href')).toBe(FACEBOOK);
    expect([...document.querySelectorAll('script')].map((script) => script.src)).toEqual([
      'https://platform.twitter.com/widgets.js',
      'https://connect.facebook.net/en_US/sdk.js#xfbml=1&version=v19.0',
    ]);
  });
});
