// Record versions and ETags (ADR 013). Every write through the resource service bumps the row's
// `version`; the ETag is that number plus the creation time, so a record deleted and created again
// under the same id never answers an ETag of its earlier life. Derived from the row alone: every
// instance answers the same tag.

import { SERVER_OWNED_FIELDS as ANSWERED_SERVER_FIELDS } from '@tabayyun/schemas';

/** Fields the server owns on every resource, answered or internal: never taken from a body. */
export const SERVER_OWNED_FIELDS: ReadonlySet<string> = new Set([
  ...ANSWERED_SERVER_FIELDS,
  'version',
  'sourceRevision',
  'sourceRevisionSeen',
]);

/** The opaque version a document carries as `_version`; the ETag header is it in quotes. */
export function versionTagOf(version: number, createdAt: Date | string): string {
  const ms = new Date(createdAt).getTime();
  return `${version}.${ms.toString(36)}`;
}

/** The version number inside a tag, when the tag is one of ours. */
export function parseVersionTag(tag: string): { number: number; created: string } | undefined {
  const m = /^([1-9]\d{0,9})\.([0-9a-z]{1,12})$/.exec(tag);
  return m ? { number: Number(m[1]), created: m[2]! } : undefined;
}

/**
 * The tags an If-Match header lists: `*` (any current version), or the strong tags, quotes
 * optional. A weak tag (W/"…") never matches (RFC 9110 §13.1.1: If-Match compares strongly).
 */
export function parseIfMatch(header: string | string[] | undefined): '*' | string[] | undefined {
  if (header === undefined) return undefined;
  const raw = (Array.isArray(header) ? header.join(',') : header).trim();
  if (raw === '') return undefined;
  if (raw === '*') return '*';
  return raw
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t && !t.startsWith('W/'))
    .map((t) => t.replace(/^"(.*)"$/, '$1'));
}

export const etagHeader = (tag: string) => `"${tag}"`;
