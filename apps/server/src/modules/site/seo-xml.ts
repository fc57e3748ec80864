// XML for search engines and feed readers: sitemap index, per-language sitemaps (with hreflang
// alternates) and RSS 2.0. Pure functions over plain data; every text is escaped here.

/** Characters XML 1.0 forbids anywhere, even escaped. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters to drop.
const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeXml(value: string): string {
  return value
    .replace(INVALID_XML_CHARS, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** A CDATA section that survives a `]]>` inside the text. */
export function cdata(value: string): string {
  return `<![CDATA[${value.replace(INVALID_XML_CHARS, '').replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

export interface SitemapRef {
  loc: string;
  lastmod?: Date | undefined;
}

export function renderSitemapIndex(sitemaps: readonly SitemapRef[]): string {
  const items = sitemaps.map(
    (s) =>
      `  <sitemap>\n    <loc>${escapeXml(s.loc)}</loc>\n${s.lastmod ? `    <lastmod>${s.lastmod.toISOString()}</lastmod>\n` : ''}  </sitemap>\n`,
  );
  return `${XML_DECLARATION}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('')}</sitemapindex>\n`;
}

export interface SitemapUrl {
  loc: string;
  lastmod?: Date | undefined;
  /** hreflang → absolute URL, the page itself included (Google's rule for alternates). */
  alternates?: ReadonlyMap<string, string> | undefined;
}

export function renderUrlset(urls: readonly SitemapUrl[]): string {
  const items = urls.map((u) => {
    const lines = [`    <loc>${escapeXml(u.loc)}</loc>`];
    if (u.lastmod) lines.push(`    <lastmod>${u.lastmod.toISOString()}</lastmod>`);
    for (const [hreflang, href] of u.alternates ?? []) {
      lines.push(
        `    <xhtml:link rel="alternate" hreflang="${escapeXml(hreflang)}" href="${escapeXml(href)}"/>`,
      );
    }
    return `  <url>\n${lines.join('\n')}\n  </url>\n`;
  });
  return `${XML_DECLARATION}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${items.join('')}</urlset>\n`;
}

export interface RssChannel {
  title: string;
  link: string;
  /** The feed's own address (atom:link rel=self). */
  self: string;
  description: string;
  language: string;
  items: readonly RssItem[];
}

export interface RssItem {
  title: string;
  link: string;
  description: string;
  pubDate?: Date | undefined;
  categories?: readonly string[] | undefined;
}

export function renderRss(channel: RssChannel): string {
  const newest = channel.items.find((i) => i.pubDate)?.pubDate;
  const items = channel.items.map((item) => {
    const lines = [
      `      <title>${escapeXml(item.title)}</title>`,
      `      <link>${escapeXml(item.link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(item.link)}</guid>`,
    ];
    if (item.pubDate) lines.push(`      <pubDate>${item.pubDate.toUTCString()}</pubDate>`);
    for (const name of item.categories ?? []) lines.push(`      <category>${escapeXml(name)}</category>`);
    lines.push(`      <description>${cdata(item.description)}</description>`);
    return `    <item>\n${lines.join('\n')}\n    </item>\n`;
  });
  return (
    `${XML_DECLARATION}<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">\n  <channel>\n` +
    `    <title>${escapeXml(channel.title)}</title>\n` +
    `    <link>${escapeXml(channel.link)}</link>\n` +
    `    <atom:link href="${escapeXml(channel.self)}" rel="self" type="application/rss+xml"/>\n` +
    `    <description>${escapeXml(channel.description)}</description>\n` +
    `    <language>${escapeXml(channel.language)}</language>\n` +
    (newest ? `    <lastBuildDate>${newest.toUTCString()}</lastBuildDate>\n` : '') +
    items.join('') +
    '  </channel>\n</rss>\n'
  );
}

export function renderRobots(options: { disallow: readonly string[]; sitemap: string }): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...options.disallow.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${options.sitemap}`,
    '',
  ].join('\n');
}
