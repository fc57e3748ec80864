// Saved views of the back office's lists (issue 35 §4, ADR 052): a list's query string under a
// name, private to its owner or shared with roles. A caller reads their own views and those shared
// with one of their roles, nothing else: not even the super-admin reads another's private view
// (a view is a person's working state, not content). Only the owner renames, re-shares or deletes.
import { and, arrayOverlaps, type Db, eq, inArray, newId, or, role, savedView, sql } from '@tabayyun/db';
import type { Actor } from '@tabayyun/permissions';
import { parseQuery } from '@tabayyun/query';
import { z } from 'zod';
import { AppError, forbidden, notFound, validationFailed } from '../../errors.ts';

/** What a view may name: the lists of the back office (each is a resource the API lists). */
export const VIEW_NAME_MAX = 80;
const QUERY_MAX = 2000;
/** Views one user may own: a menu of a few hundred entries is no menu. */
export const VIEWS_PER_OWNER_MAX = 200;

export const viewInput = z
  .object({
    name: z.string().trim().min(1).max(VIEW_NAME_MAX),
    resource: z.string().regex(/^[a-z][a-z-]{0,40}$/),
    path: z
      .string()
      .max(200)
      .regex(/^\/panel\/[\w/-]*$/, 'a back-office address (/panel/…)'),
    query: z.string().max(QUERY_MAX).default(''),
    sharedWith: z.array(z.string().min(1).max(100)).max(20).default([]),
  })
  .strict();

export type ViewInput = z.input<typeof viewInput>;

export interface SavedView {
  _id: string;
  name: string;
  resource: string;
  path: string;
  query: string;
  sharedWith: string[];
  owner: string;
  createdAt: Date;
  updatedAt: Date;
}

const columns = {
  _id: savedView._id,
  name: savedView.name,
  resource: savedView.resource,
  path: savedView.path,
  query: savedView.query,
  sharedWith: savedView.sharedWith,
  owner: savedView.owner,
  createdAt: savedView.createdAt,
  updatedAt: savedView.updatedAt,
};

export type ViewsService = ReturnType<typeof createViewsService>;

export function createViewsService(deps: { db: Db; resources: readonly string[] }) {
  const { db } = deps;
  const resources = new Set(deps.resources);

  const signedIn = (actor: Actor): string => {
    if (actor.anonymous || !actor.sub) throw new AppError('UNAUTHORIZED', 'Sign in to use saved views');
    return actor.sub;
  };

  /** The views this actor may read: their own, and those shared with one of their roles. */
  const readable = (actor: Actor, sub: string) =>
    actor.roles.length > 0
      ? or(eq(savedView.owner, sub), arrayOverlaps(savedView.sharedWith, [...actor.roles]))
      : eq(savedView.owner, sub);

  /** Parses and checks a body: a known list, a query the language reads, roles that exist. */
  async function checked(input: unknown, partial: boolean) {
    const schema = partial ? viewInput.partial() : viewInput;
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      const details: Record<string, string> = {};
      for (const issue of parsed.error.issues) details[issue.path.join('.') || '_'] = issue.message;
      throw validationFailed(details);
    }
    const value = parsed.data;
    if (value.resource !== undefined && !resources.has(value.resource)) {
      throw validationFailed({ resource: `'${value.resource}' is not a list` });
    }
    if (value.query !== undefined) {
      const query = value.query.replace(/^\?/, '');
      try {
        parseQuery(new URLSearchParams(query));
      } catch (error) {
        if (error instanceof AppError) throw validationFailed({ query: error.message });
        throw validationFailed({ query: error instanceof Error ? error.message : 'not a query string' });
      }
      // The page is not part of a view: it opens on its first page.
      const params = new URLSearchParams(query);
      params.delete('page');
      value.query = params.toString();
    }
    if (value.sharedWith !== undefined) {
      const ids = [...new Set(value.sharedWith)];
      value.sharedWith = ids;
      if (ids.length > 0) {
        const found = await db.select({ _id: role._id }).from(role).where(inArray(role._id, ids));
        const known = new Set(found.map((r) => r._id));
        const missing = ids.filter((id) => !known.has(id));
        if (missing.length > 0) throw validationFailed({ sharedWith: `unknown role: ${missing.join(', ')}` });
      }
    }
    return value;
  }

  async function list(args: { actor: Actor; resource?: string | undefined }): Promise<SavedView[]> {
    const sub = signedIn(args.actor);
    const where = and(
      readable(args.actor, sub),
      args.resource ? eq(savedView.resource, args.resource) : undefined,
    );
    return (await db
      .select(columns)
      .from(savedView)
      .where(where)
      .orderBy(savedView.resource, savedView.name, savedView._id)) as SavedView[];
  }

  async function get(args: { actor: Actor; id: string }): Promise<SavedView> {
    const sub = signedIn(args.actor);
    const [row] = await db
      .select(columns)
      .from(savedView)
      .where(and(eq(savedView._id, args.id), readable(args.actor, sub)));
    if (!row) throw notFound(`view '${args.id}'`);
    return row as SavedView;
  }

  async function create(args: { actor: Actor; input: unknown }): Promise<SavedView> {
    const sub = signedIn(args.actor);
    const value = (await checked(args.input, false)) as z.output<typeof viewInput>;
    const [{ n } = { n: 0 }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(savedView)
      .where(eq(savedView.owner, sub));
    if (n >= VIEWS_PER_OWNER_MAX) {
      throw validationFailed({ _: `at most ${VIEWS_PER_OWNER_MAX} saved views per user` });
    }
    const [row] = await db
      .insert(savedView)
      .values({ _id: newId(), ...value, owner: sub })
      .returning(columns);
    return row as SavedView;
  }

  /** Renames, re-shares or changes the query of the caller's own view. */
  async function update(args: { actor: Actor; id: string; input: unknown }): Promise<SavedView> {
    const sub = signedIn(args.actor);
    const existing = await get({ actor: args.actor, id: args.id });
    if (existing.owner !== sub) throw forbidden('Only its owner changes a saved view');
    const value = await checked(args.input, true);
    const [row] = await db
      .update(savedView)
      .set({ ...value, updatedAt: new Date(), version: sql`${savedView.version} + 1` })
      .where(and(eq(savedView._id, args.id), eq(savedView.owner, sub)))
      .returning(columns);
    if (!row) throw notFound(`view '${args.id}'`);
    return row as SavedView;
  }

  async function remove(args: { actor: Actor; id: string }): Promise<SavedView> {
    const sub = signedIn(args.actor);
    const existing = await get({ actor: args.actor, id: args.id });
    if (existing.owner !== sub) throw forbidden('Only its owner deletes a saved view');
    await db.delete(savedView).where(and(eq(savedView._id, args.id), eq(savedView.owner, sub)));
    return existing;
  }

  return { list, get, create, update, remove };
}
