import { describe, expect, it } from 'vitest';
import { shareLinks } from './share-menu.tsx';

describe('shareLinks', () => {
  it('prefills the verdict and the claim, messaging apps first', () => {
    const links = shareLinks('https://example.org/factcheck/flood', 'زائف: صورة فيضان في حلب');
    expect(links.map((l) => l.name).slice(0, 4)).toEqual(['WhatsApp', 'Telegram', 'Facebook', 'X']);
    const text = encodeURIComponent('زائف: صورة فيضان في حلب');
    const url = encodeURIComponent('https://example.org/factcheck/flood');
    expect(links[0]!.href).toBe(`https://wa.me/?text=${text}%20${url}`);
    expect(links[1]!.href).toBe(`https://t.me/share/url?url=${url}&text=${text}`);
    expect(links[3]!.href).toBe(`https://x.com/intent/tweet?url=${url}&text=${text}`);
  });
});
