// The server's services as loaders see them. The server passes its `Services` as the React Router
// context (apps/server/src/app.ts, site.plugin.ts); the web app does not import the server, so the
// few calls the site makes are declared here structurally and merged into AppLoadContext.
import type { Actor } from '@tabayyun/permissions';
import { ANONYMOUS_ACTOR } from '@tabayyun/permissions';
import type { Query } from '@tabayyun/query';
import { type AppLoadContext, appContext } from '@tabayyun/site-context';
import type { RouterContextProvider } from 'react-router';

export type Doc = Record<string, unknown> & { _id: string };

export interface SiteResources {
  /** `countAtMost` bounds the total; `totalAtLeast` then says more match (issue 37). */
  list(args: {
    actor: Actor;
    resource: string;
    query: Query;
    countAtMost?: number;
  }): Promise<{ data: Doc[]; total: number; totalAtLeast?: true }>;
  /** Several lists of one resource in one statement, without totals. */
  listMany(args: { actor: Actor; resource: string; queries: Query[] }): Promise<Doc[][]>;
  count(args: { actor: Actor; resource: string; query: Query }): Promise<number>;
  get(args: { actor: Actor; resource: string; id: string; query?: Query }): Promise<Doc>;
  create(args: { actor: Actor; resource: string; input: unknown }): Promise<{ _id: string }>;
}

export interface CategoryCount {
  _id: string;
  name: string;
  nameEn?: string | null;
  nameTr?: string | null;
  slug: string;
  color: string | null;
  count: number;
}

declare module '@tabayyun/site-context' {
  interface AppLoadContext {
    resources: SiteResources;
    stats: { countByCategory(args: { actor: Actor; language?: string }): Promise<CategoryCount[]> };
    reads: { countRead(args: { actor: Actor; input: unknown }): Promise<{ counted: boolean }> };
    drafts: { verify(token: string | null | undefined, id: string): boolean; sign(id: string): string };
  }
}

/** Public pages read as anonymous visitors: the server forces `status=published` for them. */
export const READER: Actor = ANONYMOUS_ACTOR;

/** Reads a draft for a verified preview link only (the server's own system actor is not exported). */
export const PREVIEWER: Actor = { sub: 'system', roles: ['super-admin'], anonymous: false };

export function servicesOf(context: Readonly<RouterContextProvider>): AppLoadContext {
  return context.get(appContext);
}

/** True when a service call failed because the record does not exist. */
export function isNotFound(error: unknown): boolean {
  return (error as { statusCode?: unknown } | null)?.statusCode === 404;
}

export function notFoundResponse(): Response {
  return new Response('Not Found', { status: 404 });
}
