// A real HTTP server on a free local port for the monitoring tests, the journey and the benchmark:
// RSS 2.0, Atom and JSON Feed with Arabic entries, an HTML page announcing its feed, and every
// kind of failure (404, slow, malformed, oversized, redirect loop, redirect to a private address).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/** A small real PNG for feed images. */
const makePng = () =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();

export const RSS_ENTRIES = [
  { guid: 'rss-1', title: 'انقطاع الكهرباء عن أحياء واسعة في مدينة حلب', image: true },
  { guid: 'rss-2', title: 'افتتاح معبر حدودي جديد مع الأردن', image: false },
  { guid: 'rss-3', title: 'ارتفاع أسعار الخبز في دمشق للمرة الثالثة', image: false },
];
export const ATOM_ENTRIES = [
  { id: 'urn:atom:1', title: 'وزارة الصحة تعلن حملة تلقيح في إدلب' },
  { id: 'urn:atom:2', title: 'عودة الرحلات الجوية إلى مطار حلب الدولي' },
];
export const JSON_ENTRIES = [
  { id: 'json-1', title: 'فيضانات في ريف اللاذقية بعد أمطار غزيرة' },
  { id: 'json-2', title: 'إغلاق طريق حمص طرطوس بسبب الثلوج' },
];
export const SITE_ENTRIES = [{ guid: 'site-1', title: 'الجامعة تؤجل الامتحانات أسبوعاً' }];

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function rssFeed(
  base: string,
  items: { guid: string; title: string; image?: boolean; link?: string }[],
  channel = 'وكالة الأنباء المحلية',
): string {
  const body = items
    .map(
      (i) => `<item>
  <title>${xml(i.title)}</title>
  <link>${xml(i.link ?? `${base}/news/${i.guid}`)}</link>
  <guid isPermaLink="false">${xml(i.guid)}</guid>
  <description>${xml(`<p>تفاصيل: ${i.title}</p>`)}</description>
  <content:encoded><![CDATA[<p>${i.title}</p><script>alert(1)</script>]]></content:encoded>
  <pubDate>Tue, 24 Nov 2026 10:00:00 GMT</pubDate>
  ${i.image ? `<media:content url="${base}/img/${i.guid}.png" medium="image" type="image/png"/>` : ''}
</item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:content="http://purl.org/rss/1.0/modules/content/">
<channel><title>${xml(channel)}</title><link>${base}/</link><description>أخبار</description>
${body}
</channel></rss>`;
}

function atomFeed(base: string): string {
  const entries = ATOM_ENTRIES.map(
    (e) => `<entry><title>${xml(e.title)}</title><id>${e.id}</id>
<link rel="alternate" href="${base}/atom/${encodeURIComponent(e.id)}"/>
<updated>2026-11-24T09:00:00Z</updated><summary>${xml(`ملخص: ${e.title}`)}</summary>
<content type="html">${xml(`<p>${e.title}</p>`)}</content></entry>`,
  ).join('\n');
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>قناة الأخبار</title><id>${base}/atom.xml</id>
<updated>2026-11-24T09:00:00Z</updated>${entries}</feed>`;
}

function jsonFeed(base: string): string {
  return JSON.stringify({
    version: 'https://jsonfeed.org/version/1.1',
    title: 'موقع الأخبار',
    home_page_url: `${base}/`,
    items: JSON_ENTRIES.map((e) => ({
      id: e.id,
      url: `${base}/json/${e.id}`,
      title: e.title,
      content_html: `<p>${e.title}</p>`,
      summary: `ملخص: ${e.title}`,
      date_published: '2026-11-24T08:00:00Z',
    })),
  });
}

export interface FeedServer {
  base: string;
  /** Requests seen per path, to prove a feed was fetched once. */
  hits: Map<string, number>;
  /** Extra routes: path → handler. */
  routes: Map<string, (req: IncomingMessage, res: ServerResponse) => void>;
  close(): Promise<void>;
}

export async function startFeedServer(
  opts: { slowMs?: number; hugeBytes?: number } = {},
): Promise<FeedServer> {
  const png = await makePng();
  const hits = new Map<string, number>();
  const routes = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>();
  const timers = new Set<NodeJS.Timeout>();
  let base = '';
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const send = (type: string, body: string | Buffer, status = 200) => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    const custom = routes.get(path);
    if (custom) return custom(req, res);
    if (path === '/rss.xml') return send('application/rss+xml; charset=utf-8', rssFeed(base, RSS_ENTRIES));
    if (path === '/atom.xml') return send('application/atom+xml; charset=utf-8', atomFeed(base));
    if (path === '/feed.json') return send('application/feed+json; charset=utf-8', jsonFeed(base));
    if (path === '/site/') {
      return send(
        'text/html; charset=utf-8',
        `<!doctype html><html lang="ar"><head><title>الموقع</title>
<link rel="stylesheet" href="/style.css">
<link rel="alternate" type="application/rss+xml" title="RSS" href="/site/feed.xml">
</head><body><h1>الموقع</h1></body></html>`,
      );
    }
    if (path === '/site/feed.xml') return send('application/rss+xml', rssFeed(base, SITE_ENTRIES));
    if (path === '/plain-page')
      return send('text/html', '<!doctype html><html><body>لا خلاصة هنا</body></html>');
    if (path.startsWith('/img/')) return send('image/png', png);
    if (path === '/slow.xml') {
      const timer = setTimeout(() => send('application/rss+xml', rssFeed(base, [])), opts.slowMs ?? 3000);
      timers.add(timer);
      return;
    }
    if (path === '/malformed.xml') {
      return send(
        'application/rss+xml',
        '<?xml version="1.0"?><rss version="2.0"><channel><item><title>خبر</ti',
      );
    }
    if (path === '/huge.xml') {
      // Chunked, no content-length: the limit must hold while streaming.
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      const chunk = Buffer.alloc(16 * 1024, 'a');
      const total = opts.hugeBytes ?? 2 * 1024 * 1024;
      let sent = 0;
      const pump = () => {
        while (sent < total) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('error', () => {});
      return pump();
    }
    if (path === '/loop-a') {
      res.writeHead(302, { location: '/loop-b' });
      return res.end();
    }
    if (path === '/loop-b') {
      res.writeHead(302, { location: '/loop-a' });
      return res.end();
    }
    if (path === '/to-private') {
      res.writeHead(302, { location: 'http://10.0.0.1/feed.xml' });
      return res.end();
    }
    if (path === '/to-metadata') {
      res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' });
      return res.end();
    }
    if (path === '/evidence/page') {
      return send(
        'text/html; charset=utf-8',
        '<!doctype html><html><body><p>البيان الرسمي</p></body></html>',
      );
    }
    if (path === '/evidence/report.pdf') return send('application/pdf', Buffer.from('%PDF-1.4 تقرير'));
    send('text/plain', 'not found', 404);
  });
  server.on('connection', (socket) => socket.on('error', () => {}));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    hits,
    routes,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
