// How documents are rendered on the server (ADR 031). React Router's default entry, with one
// change: a render that waits for all of its content anyway (crawlers, and every shared render of
// the page cache, which renders with a crawler's user agent) is rendered to one string.
//
// React's streaming renderer encodes the document chunk by chunk into small typed-array views, and
// the chunks pass through a node stream and a web stream before the server reads them whole. A
// whole render needs none of that. (It allocates about as much: the string renderer concatenates
// where the stream renderer encoded. What it saves is the streams' work.) The loader data
// React Router hands to the browser (its turbo-stream, `serverHandoffStream`) is read to its end
// first and given to `StreamTransfer` as already read, so nothing suspends and the document is
// byte for byte what the streaming render produced.
//
// Should anything else suspend (nothing on the public site does), or the render fail, the document
// is rendered again by the streaming path, which waits for it or reports the failure as before.
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { type RenderToPipeableStreamOptions, renderToPipeableStream, renderToString } from 'react-dom/server';
import { type EntryContext, ServerRouter } from 'react-router';

export const streamTimeout = 5_000;

/** The inline scripts the server's CSP allows, by hash (issue 34): read from the server build. */
export { INLINE_SCRIPTS } from './inline-scripts.ts';

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
): Promise<Response> {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const userAgent = request.headers.get('user-agent');
  const waitsForAll = (userAgent !== null && isbot(userAgent)) || routerContext.isSpaMode;
  if (waitsForAll) {
    await readHandoff(routerContext);
    const html = renderWhole(routerContext, request.url);
    if (html !== undefined) {
      responseHeaders.set('Content-Type', 'text/html');
      return new Response(oneChunk(documentBytes(html)), {
        headers: responseHeaders,
        status: responseStatusCode,
      });
    }
  }
  return renderStream(request, responseStatusCode, responseHeaders, routerContext, waitsForAll);
}

/**
 * The document as one string, or undefined when it needs the streaming renderer: something
 * suspended (the string renderer throws, or leaves a boundary to the browser), or rendering failed,
 * which the stream then reports as React Router's own entry does.
 */
function renderWhole(context: EntryContext, url: string): string | undefined {
  try {
    const html = renderToString(<ServerRouter context={context} url={url} />);
    return html.includes(CLIENT_RENDERED_BOUNDARY) ? undefined : html;
  } catch {
    return undefined;
  } finally {
    // The abandoned render kept a reader of the stream: the next render gets one of its own.
    context.serverHandoffStream = readStream();
  }
}

/**
 * A stream already read to its end: `ServerRouter` takes a reader of it, while `StreamTransfer`
 * renders the reads left in `renderMeta.streamCache`.
 */
function readStream(): ReadableStream<Uint8Array> {
  return new ReadableStream({ start: (controller) => controller.close() });
}

const DOCTYPE = '<!DOCTYPE html>';

/**
 * The document as bytes: a string body would be checked for lone surrogates and encoded again by
 * `Response`. `html` is flat by now (`includes` read it), so it is encoded without another copy;
 * adding the doctype to the string first would copy the whole document once more.
 */
function documentBytes(html: string): Uint8Array<ArrayBuffer> {
  const bytes = Buffer.allocUnsafe(DOCTYPE.length + Buffer.byteLength(html));
  bytes.write(DOCTYPE, 0, 'latin1');
  bytes.write(html, DOCTYPE.length);
  return bytes;
}

/**
 * The document as a stream of one chunk. `Response` copies a typed array it is given, and reading
 * it back whole (`arrayBuffer()`) copies it again; a stream's chunk reaches the reader as it is, so
 * the server takes these very bytes. Each copy of a 75–100 KB document is a fresh memory mapping
 * under the server's malloc settings (ADR 036): page faults on the way in, an unmapping on the way
 * out.
 */
function oneChunk(bytes: Uint8Array<ArrayBuffer>): ReadableStream<Uint8Array<ArrayBuffer>> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

/** What React's string renderer leaves where a boundary suspended or failed. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

interface StreamRead extends Promise<void> {
  result?: { done: boolean; value: string };
}

/**
 * Reads React Router's hydration data to its end and leaves each read where `StreamTransfer` looks
 * for it (`renderMeta.streamCache`, one entry per read, decoded as it decodes them), so that it
 * renders the same scripts without waiting.
 */
async function readHandoff(context: EntryContext): Promise<void> {
  const stream = context.serverHandoffStream as ReadableStream<Uint8Array> | undefined;
  if (!stream) return;
  const renderMeta = (context.renderMeta ?? {}) as { streamCache?: Record<number, StreamRead> };
  context.renderMeta = renderMeta as EntryContext['renderMeta'];
  const cache: Record<number, StreamRead> = {};
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  try {
    for (let identifier = 0; ; identifier++) {
      const { done, value } = await reader.read();
      const read: StreamRead = Promise.resolve();
      read.result = { done, value: decoder.decode(value, { stream: true }) };
      cache[identifier] = read;
      if (done) break;
    }
  } finally {
    reader.releaseLock();
  }
  renderMeta.streamCache = cache;
  context.serverHandoffStream = readStream();
}

/** React Router's default: streamed, from the shell on or once everything is ready. */
function renderStream(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  waitsForAll: boolean,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const readyOption: keyof RenderToPipeableStreamOptions = waitsForAll ? 'onAllReady' : 'onShellReady';
    // Abort the rendering stream after `streamTimeout`, so it has time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} />,
      {
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              // Clear the timeout so it does not keep the closure (and the render) alive.
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set('Content-Type', 'text/html');
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors of the shell reject and are logged by React Router; later ones are logged here.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
