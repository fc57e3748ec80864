import { describe, expect, it } from 'vitest';
import { responsiveImage, socialImage } from './images.ts';

const stored = {
  path: 'storage/news-feed/صورة.jpg',
  mimetype: 'image/jpeg',
  meta: { sha256: 'abcdef0123456789abcdef' },
};

describe('responsiveImage', () => {
  it('lists the WebP and AVIF widths of a stored photo, versioned, with the original as fallback', () => {
    const image = responsiveImage(stored);
    const path = `/storage/news-feed/${encodeURIComponent('صورة')}.jpg`;
    expect(image.src).toBe(`${path}?v=abcdef012345`);
    expect(image.srcSet).toBe(
      [320, 640, 1024, 1600].map((w) => `${path}?w=${w}&v=abcdef012345 ${w}w`).join(', '),
    );
    expect(image.avifSrcSet).toBe(
      [320, 640, 1024, 1600].map((w) => `${path}?w=${w}&format=avif&v=abcdef012345 ${w}w`).join(', '),
    );
    expect(socialImage(stored)).toBe(`${path}?social=1&v=abcdef012345`);
  });

  it('leaves outside addresses and SVGs as they are', () => {
    expect(responsiveImage({ path: 'https://cdn.example.org/x.jpg' })).toEqual({
      src: 'https://cdn.example.org/x.jpg',
    });
    expect(responsiveImage({ path: 'storage/logos/mark.svg', mimetype: 'image/svg+xml' })).toEqual({
      src: '/storage/logos/mark.svg',
    });
    expect(socialImage({ path: 'storage/logos/mark.svg', mimetype: 'image/svg+xml' })).toBe(
      '/storage/logos/mark.svg',
    );
  });
});
