// Lighthouse (mobile, the default form factor and throttling) against a page, in the system
// Chromium, offline: the page must not need the internet. Scores 0–100 per category and, for each
// category, the audits that did not pass, so whoever fixes the page knows where to look; and what
// the page moved over the network, by kind (a fresh browser profile: a first visit).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROME_ARGS, CHROME_PATH } from '../apps/web/e2e/chromium.ts';

// The journeys' launch flags (one list), in Chromium's new headless mode.
const CHROME_FLAGS = ['--headless=new', ...CHROME_ARGS];

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export interface LighthouseReport {
  url: string;
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  /** Per category: audits with a score below 1 (id, title, score, display value). */
  failing: Record<string, { id: string; title: string; score: number | null; displayValue?: string }[]>;
  metrics: Record<string, number | undefined>;
  /** What the page moved over the network, by kind, in bytes as transferred (compressed). */
  weight: PageWeight;
  runtimeError?: string;
}

/** Bytes transferred by kind (Lighthouse's network-requests audit: each request's transferSize). */
export interface PageWeight {
  html: number;
  css: number;
  js: number;
  images: number;
  fonts: number;
  other: number;
  total: number;
  requests: number;
  jsRequests: number;
}

const KIND_OF: Record<string, keyof PageWeight> = {
  Document: 'html',
  Stylesheet: 'css',
  Script: 'js',
  Image: 'images',
  Font: 'fonts',
};

function weightOf(items: { resourceType?: string; transferSize?: number; url?: string }[]): PageWeight {
  const weight: PageWeight = {
    html: 0,
    css: 0,
    js: 0,
    images: 0,
    fonts: 0,
    other: 0,
    total: 0,
    requests: 0,
    jsRequests: 0,
  };
  for (const item of items) {
    // data: URLs are part of the document already.
    if (item.url?.startsWith('data:')) continue;
    const bytes = item.transferSize ?? 0;
    const kind = KIND_OF[item.resourceType ?? ''] ?? 'other';
    weight[kind] += bytes;
    weight.total += bytes;
    weight.requests += 1;
    if (kind === 'js') weight.jsRequests += 1;
  }
  return weight;
}

export async function runLighthouse(url: string): Promise<LighthouseReport> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error('Lighthouse returned nothing');
    const { lhr } = result;
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [
        c,
        lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c].score * 100),
      ]),
    ) as LighthouseReport['scores'];
    const failing: LighthouseReport['failing'] = {};
    for (const category of CATEGORIES) {
      failing[category] = (lhr.categories[category]?.auditRefs ?? [])
        .map((ref) => lhr.audits[ref.id]!)
        .filter(
          (audit) =>
            audit.score !== null &&
            audit.score < 1 &&
            !['notApplicable', 'informative', 'manual'].includes(audit.scoreDisplayMode),
        )
        .map((audit) => ({
          id: audit.id,
          title: audit.title,
          score: audit.score,
          ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
        }));
    }
    const metric = (id: string) => lhr.audits[id]?.numericValue;
    const requests =
      (lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items ?? [];
    return {
      url,
      scores,
      failing,
      metrics: {
        firstContentfulPaintMs: metric('first-contentful-paint'),
        largestContentfulPaintMs: metric('largest-contentful-paint'),
        totalBlockingTimeMs: metric('total-blocking-time'),
        cumulativeLayoutShift: metric('cumulative-layout-shift'),
        speedIndexMs: metric('speed-index'),
      },
      weight: weightOf(requests as Parameters<typeof weightOf>[0]),
      ...(lhr.runtimeError ? { runtimeError: lhr.runtimeError.message } : {}),
    };
  } finally {
    await chrome.kill();
  }
}
