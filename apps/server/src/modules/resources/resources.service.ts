// Transport-agnostic operations on every resource: access control, validation, derived fields
// and the database call happen here; HTTP routes only parse and answer (STYLE.md, Payload).
// Reads (resource-reads.ts), writes (resource-writes.ts) and what both share (resource-scope.ts)
// have their own files.
import type { Db } from '@tabayyun/db';
import type { Actor } from '@tabayyun/permissions';
import type { AccessGuard } from '../../plugins/access.ts';
import type { PublicSite } from '../workflow/gate-context.ts';
import type { CountCache } from './count-cache.ts';
import { createResourceReads } from './resource-reads.ts';
import { createResourceScope } from './resource-scope.ts';
import type { ApiDocument, Registry } from './resource-types.ts';
import { createResourceWrites } from './resource-writes.ts';

export interface ListResult {
  data: ApiDocument[];
  total: number;
  /** Set when `list` was asked to count at most `total` rows and more match (the public search). */
  totalAtLeast?: true;
}

export interface WriteResult {
  _id: string;
  document: ApiDocument;
}

export interface WriteOptions {
  /** Seeding only: keep createdAt/updatedAt/publishedAt from the input. */
  preserveTimestamps?: boolean;
  /** A restore of this revision number (recorded on the new revision). */
  restoredFrom?: number;
}

/** The versions a client had (If-Match): `*` for any, else tags; absent: no check (ADR 013). */
export type IfMatch = '*' | readonly string[];

export interface ResourceServiceDeps {
  db: Db;
  registry: Registry;
  guard: AccessGuard;
  apiBase: string;
  /**
   * Told after every committed write, with the stored record before and after it (page-cache
   * invalidation fans out from here: content-events.ts).
   */
  onChange?: (
    resource: string,
    id: string,
    records: { before?: ApiDocument | undefined; after?: ApiDocument | undefined },
  ) => void;
  /** Totals cached until the next content change (see count-cache.ts). */
  countCache?: CountCache;
  /** Told of deletes and status changes (publish, unpublish, others), for the audit log (modules/audit). */
  onAudit?: (event: ContentAuditEvent) => void;
  /** The public site: the ClaimReview the publish gate checks names its address and newsroom. */
  publicSite?: PublicSite;
}

/** A content event for the audit log; a status change carries `from`, `to`, `rule` and `reason`. */
export interface ContentAuditEvent {
  type: 'delete' | 'publish' | 'unpublish' | 'status-change';
  actor: Actor;
  resource: string;
  id: string;
  details?: Record<string, unknown>;
}

export type ResourceService = ReturnType<typeof createResourceService>;

export function createResourceService(deps: ResourceServiceDeps) {
  const scope = createResourceScope(deps);
  return {
    ...createResourceReads(deps, scope),
    definition: scope.definition,
    ...createResourceWrites(deps, scope),
  };
}
