import { describe, expect, it } from 'vitest';
import type { CachedPage } from './page-cache.ts';
import { bodyOf, toCachedPage } from './page-response.ts';

const streamOf = (...chunks: Uint8Array[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });

describe('bodyOf', () => {
  it('takes the one chunk of a document rendered whole as it is, without copying it', async () => {
    const document = Buffer.from('<!DOCTYPE html><html lang="ar" dir="rtl"><body>تبيَّن</body></html>');
    const body = await bodyOf(new Response(streamOf(document)));
    expect(body.equals(document)).toBe(true);
    expect(body.buffer).toBe(document.buffer);
    expect(body.byteOffset).toBe(document.byteOffset);
  });

  it('joins the chunks of a streamed answer, and reads an empty one', async () => {
    const body = await bodyOf(new Response(streamOf(Buffer.from('<p>أ'), Buffer.from('ب</p>'))));
    expect(body.toString('utf8')).toBe('<p>أب</p>');
    expect((await bodyOf(new Response(null, { status: 204 }))).length).toBe(0);
    expect((await bodyOf(new Response('{"ok":true}'))).toString()).toBe('{"ok":true}');
  });
});

describe('toCachedPage', () => {
  /** Bytes the page's buffers keep alive (each whole backing store counted once). */
  const heldBytes = (page: CachedPage) =>
    [...new Set([page.body, page.gzip, page.br].map((buffer) => buffer.buffer))].reduce(
      (n, store) => n + store.byteLength,
      0,
    );

  it('holds no more memory than its size counts, before and after the slow compression (issue 34)', async () => {
    const html = Array.from({ length: 1500 }, (_, i) => `<p id="p${i}">تبيَّن ${i * 7919}</p>`).join('');
    // A document that is a view of a larger buffer (a stream's chunk) must not keep the rest alive.
    const chunk = Buffer.from(`${html}${'x'.repeat(100_000)}`);
    const body = chunk.subarray(0, Buffer.byteLength(html));
    const rendered = { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body };
    const page = await toCachedPage(rendered, 60_000, 0);
    expect(page.body.equals(body)).toBe(true);
    expect(heldBytes(page)).toBeLessThanOrEqual(page.size);
    const upgraded = await page.upgrade!();
    expect(heldBytes(upgraded)).toBeLessThanOrEqual(upgraded.size);
    expect(upgraded.br.length).toBeLessThan(page.br.length);
  });
});
