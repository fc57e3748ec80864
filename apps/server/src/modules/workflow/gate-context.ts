// What the publish gate needs beside the record, read in the write's transaction: the criteria
// tree (the rating and its words), the evidence archive's state of each claim source, and the
// newsroom's public address and name (the ClaimReview's url and author).
import { category, type Db, eq, evidenceSnapshot, inArray, like, or } from '@tabayyun/db';
import { type GateContext, type GateSettings, linksOf, type SnapshotState } from '@tabayyun/workflow';
import type { ApiDocument } from '../resources/resource-types.ts';

export interface PublicSite {
  /** The public origin (config PUBLIC_URL). */
  publicUrl: string;
  /** The newsroom's name (config PRODUCT_NAME). */
  name: string;
}

/** The site's logo, as the public pages name it (apps/web site/data/seo.server.ts LOGO_PATH). */
const LOGO_PATH = '/logo-512.png';

/** The public address of an item, as the public site builds it (Arabic without a prefix). */
export function publicAddressOf(site: PublicSite, kind: string, doc: ApiDocument): string {
  const origin = site.publicUrl.replace(/\/+$/, '');
  const language = typeof doc.language === 'string' ? doc.language : 'ar';
  const slug = typeof doc.slug === 'string' && doc.slug ? doc.slug : doc._id;
  return `${origin}${language === 'ar' ? '' : `/${language}`}/${kind}/${encodeURIComponent(slug)}`;
}

export async function loadGateContext(
  db: Db,
  args: { doc: ApiDocument; kind: string; gate: GateSettings; site: PublicSite; now: Date },
): Promise<GateContext> {
  const { doc, site } = args;
  const categories = await db
    .select({
      _id: category._id,
      parent: category.parent,
      name: category.name,
      nameEn: category.nameEn,
      nameTr: category.nameTr,
      score: category.score,
    })
    .from(category)
    .where(or(eq(category._id, 'criteria'), like(category.path, '/criteria/%')));
  const links = linksOf(doc.sources);
  const snapshots: Record<string, SnapshotState> = {};
  if (links.length > 0) {
    const rows = await db
      .select({ url: evidenceSnapshot.url, status: evidenceSnapshot.status })
      .from(evidenceSnapshot)
      .where(inArray(evidenceSnapshot.url, links));
    for (const row of rows) snapshots[row.url] = row.status;
  }
  const origin = site.publicUrl.replace(/\/+$/, '');
  const published = doc.publishedAt instanceof Date ? doc.publishedAt : args.now;
  return {
    gate: args.gate,
    categories,
    snapshots,
    publisher: { name: site.name, url: `${origin}/`, logo: `${origin}${LOGO_PATH}` },
    url: publicAddressOf(site, args.kind, doc),
    datePublished: published.toISOString(),
  };
}
