import type { Registry, ResourceDefinition } from '../resources/resource-types.ts';
import { articleResource } from './article.resource.ts';
import { categoryResource } from './category.resource.ts';
import { correctionResource } from './correction.resource.ts';
import { factcheckResource } from './factcheck.resource.ts';
import { feedResource } from './feed.resource.ts';
import {
  authorResource,
  contactResource,
  mediaSourceResource,
  mediaSourceRunResource,
  scrapingReportResource,
} from './simple.resources.ts';

export const CONTENT_RESOURCES: readonly ResourceDefinition[] = [
  factcheckResource,
  articleResource,
  feedResource,
  categoryResource,
  authorResource,
  mediaSourceResource,
  mediaSourceRunResource,
  scrapingReportResource,
  contactResource,
  correctionResource,
];

export function createRegistry(defs: readonly ResourceDefinition[] = CONTENT_RESOURCES): Registry {
  const byName = new Map(defs.map((d) => [d.name, d]));
  return { get: (name) => byName.get(name), all: () => [...byName.values()] };
}
