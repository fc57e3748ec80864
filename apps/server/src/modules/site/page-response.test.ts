import { describe, expect, it } from 'vitest';
import { bodyOf } from './page-response.ts';

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
