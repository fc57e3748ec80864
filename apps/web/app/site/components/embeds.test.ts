import { describe, expect, it } from 'vitest';
import { embedFromUrl, splitEmbeds, xWidgetUrl, youtubeFrameUrl, youtubeVideoId } from './embeds.ts';

describe('youtubeVideoId', () => {
  it('reads watch?v=, youtu.be/ and shorts/ addresses', () => {
    expect(youtubeVideoId('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=42')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://m.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://youtu.be/dQw4w9WgXcQ?si=abc')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://www.youtube.com/shorts/aBcD_12-xyz')).toBe('aBcD_12-xyz');
  });

  it('refuses other hosts, plain http and ids with odd characters', () => {
    expect(youtubeVideoId('https://www.youtube.evil.com/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(youtubeVideoId('http://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(youtubeVideoId('https://www.youtube.com/watch?v=a"><script>')).toBeNull();
    expect(youtubeVideoId('https://www.youtube.com/channel/UC123456')).toBeNull();
    expect(youtubeVideoId('not a url')).toBeNull();
  });

  it('frames the video from youtube-nocookie', () => {
    expect(youtubeFrameUrl('dQw4w9WgXcQ')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
    );
  });
});

describe('embedFromUrl', () => {
  it('knows X, Facebook and YouTube posts and nothing else', () => {
    expect(embedFromUrl('https://x.com/tabayyun/status/1234567890')?.provider).toBe('x');
    expect(embedFromUrl('https://twitter.com/tabayyun/status/1234567890')?.provider).toBe('x');
    expect(embedFromUrl('https://www.facebook.com/tabayyun/posts/pfbid0abc')?.provider).toBe('facebook');
    expect(embedFromUrl('https://youtu.be/dQw4w9WgXcQ')).toEqual({
      provider: 'youtube',
      url: 'https://youtu.be/dQw4w9WgXcQ',
      videoId: 'dQw4w9WgXcQ',
    });
    expect(embedFromUrl('https://www.instagram.com/p/abc/')).toBeNull();
    expect(embedFromUrl('https://x.com/tabayyun')).toBeNull();
  });

  it('gives widgets.js the twitter.com address of an x.com post', () => {
    expect(xWidgetUrl('https://x.com/tabayyun/status/1')).toBe('https://twitter.com/tabayyun/status/1');
  });
});

describe('splitEmbeds', () => {
  const post = '<p><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ&amp;t=4" rel="embed">u</a></p>';

  it('cuts the HTML around top-level embed paragraphs, leaving the rest untouched', () => {
    expect(splitEmbeds(`<p>before</p>${post}<p>after</p>`)).toEqual([
      { kind: 'html', html: '<p>before</p>' },
      {
        kind: 'embed',
        embed: {
          provider: 'youtube',
          url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=4',
          videoId: 'dQw4w9WgXcQ',
        },
      },
      { kind: 'html', html: '<p>after</p>' },
    ]);
    expect(splitEmbeds(post)).toHaveLength(1);
  });

  it('keeps plain links, rel=embed links to other hosts and nested paragraphs as HTML', () => {
    for (const html of [
      '<p><a href="https://x.com/a/status/1">u</a></p>',
      '<p><a href="https://example.com/post" rel="embed">u</a></p>',
      `<blockquote>${post}</blockquote>`,
      `<ul><li>${post}</li></ul>`,
      '<p>see <a href="https://x.com/a/status/1" rel="embed">u</a></p>',
      '',
    ]) {
      expect(splitEmbeds(html)).toEqual([{ kind: 'html', html }]);
    }
  });

  it('does not let one paragraph run into the next', () => {
    const html = `<p><a href="https://a.example">a</a> text</p>${post}`;
    expect(splitEmbeds(html).map((part) => part.kind)).toEqual(['html', 'embed']);
    expect(splitEmbeds(html)[0]).toEqual({
      kind: 'html',
      html: '<p><a href="https://a.example">a</a> text</p>',
    });
  });
});
