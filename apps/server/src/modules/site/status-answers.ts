// Answers the site gives without rendering (issue 34): "busy, come back in a second" when the render
// queue is full, and a refused post on an address without a form. A browser gets a small page in
// the address's language (no script, its own strict CSP); any other client the API's error body
// (docs/errors.md).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SITE_SECURITY_HEADERS } from './content-security.ts';
import type { PostRefusal } from './post-limits.ts';

type Language = 'ar' | 'en' | 'tr';

const TEXTS: Record<Language, { busy: string; busyHint: string; tooMany: string; tooLarge: string }> = {
  ar: {
    busy: 'الموقع مشغول الآن',
    busyHint: 'نتلقى طلبات كثيرة في هذه اللحظة. أعد تحميل الصفحة بعد ثوانٍ.',
    tooMany: 'أرسلت طلبات كثيرة خلال وقت قصير. حاول مرة أخرى بعد قليل.',
    tooLarge: 'ما أرسلته أكبر من الحد المسموح به.',
  },
  en: {
    busy: 'The site is busy',
    busyHint: 'We are receiving many requests right now. Reload the page in a few seconds.',
    tooMany: 'You sent too many requests in a short time. Please try again later.',
    tooLarge: 'What you sent is larger than we accept.',
  },
  tr: {
    busy: 'Site şu anda meşgul',
    busyHint: 'Şu anda çok sayıda istek alıyoruz. Sayfayı birkaç saniye sonra yeniden yükleyin.',
    tooMany: 'Kısa sürede çok fazla istek gönderdiniz. Lütfen biraz sonra yeniden deneyin.',
    tooLarge: 'Gönderdiğiniz içerik kabul ettiğimiz sınırdan büyük.',
  },
};

/** The language of a site address: its prefix, Arabic without one. */
export function languageOfPath(url: string): Language {
  const first = url.split(/[?/]/, 2)[1];
  return first === 'en' || first === 'tr' ? first : 'ar';
}

/** Whether the client takes an HTML page: a browser's navigation, not a data request or an API client. */
export function wantsHtml(request: FastifyRequest): boolean {
  const path = request.url.split('?', 1)[0]!;
  if (path.endsWith('.data')) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/** A page with no script: nothing to allow but its own style. */
const STATUS_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'self'";

function statusPage(language: Language, title: string, text: string): string {
  const escapeHtml = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  return (
    `<!DOCTYPE html><html lang="${language}" dir="${dir}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>` +
    '<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.6}</style>' +
    `</head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>` +
    `<p><a href="${language === 'ar' ? '/' : `/${language}`}">Tabayyun</a></p></main></body></html>`
  );
}

function sendStatus(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  json: { code: string; message: string },
  page: { title: string; text: string },
): FastifyReply {
  reply.code(status).header('cache-control', 'private, no-store');
  if (!wantsHtml(request)) return reply.send({ statusCode: status, ...json });
  for (const [name, value] of Object.entries(SITE_SECURITY_HEADERS)) reply.header(name, value);
  return reply
    .header('content-security-policy', STATUS_PAGE_CSP)
    .type('text/html; charset=utf-8')
    .send(statusPage(languageOfPath(request.url), page.title, page.text));
}

/** 503 with Retry-After: the render queue is full (SERVICE_UNAVAILABLE). */
export function replyBusy(request: FastifyRequest, reply: FastifyReply, retryAfterS: number): FastifyReply {
  const t = TEXTS[languageOfPath(request.url)];
  reply.header('retry-after', String(retryAfterS));
  return sendStatus(
    request,
    reply,
    503,
    { code: 'SERVICE_UNAVAILABLE', message: `Too many pages are being rendered; retry in ${retryAfterS} s` },
    { title: t.busy, text: t.busyHint },
  );
}

/** A refused post on an address without a form of its own (the contact page renders its own message). */
export function replyRefusedPost(
  request: FastifyRequest,
  reply: FastifyReply,
  refusal: PostRefusal,
  json: { code: string; message: string },
): FastifyReply {
  const t = TEXTS[languageOfPath(request.url)];
  const text = refusal.code === 'RATE_LIMITED' ? t.tooMany : t.tooLarge;
  return sendStatus(request, reply, refusal.status, json, { title: text, text });
}
