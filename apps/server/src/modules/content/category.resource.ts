// Categories (criteria, topics, tags, countries) form one tree: the server keeps `level` and the
// materialised `path`, moves whole subtrees when a parent changes, and refuses cycles.
import { and, category, eq, factcheck, ne, sql } from '@tabayyun/db';
import { categoryInput } from '@tabayyun/schemas';
import { AppError, validationFailed } from '../../errors.ts';
import { fieldSpecs } from '../resources/field-specs.ts';
import type { ResourceDefinition } from '../resources/resource-types.ts';
import { searchText } from './derive-helpers.ts';

export const categoryResource: ResourceDefinition = {
  name: 'category',
  table: category,
  fields: fieldSpecs(category, {
    name: { searchColumn: category.nameNormalized },
    nameNormalized: { output: false },
  }),
  relations: {
    parent: { resource: 'category', column: category.parent, many: false },
  },
  input: categoryInput,
  readOnly: ['path', 'level', 'nameNormalized', 'createdAt', 'updatedAt'],
  userIds: true,
  defaultSort: { field: 'path', direction: 'asc' },

  async derive(input, ctx) {
    const id = String(input._id);
    const parentId = typeof input.parent === 'string' && input.parent ? input.parent : null;
    let path = `/${id}`;
    let level = 0;
    if (parentId) {
      if (parentId === id) throw validationFailed({ parent: 'A category cannot be its own parent' });
      const [parent] = await ctx.db
        .select({ path: category.path, level: category.level })
        .from(category)
        .where(eq(category._id, parentId));
      if (!parent) throw validationFailed({ parent: `Parent category '${parentId}' does not exist` });
      if (ctx.existing && `${parent.path}/`.startsWith(`${String(ctx.existing.path)}/`)) {
        throw validationFailed({ parent: 'A category cannot move under its own descendant' });
      }
      path = `${parent.path}/${id}`;
      level = parent.level + 1;
    }
    return { parent: parentId, path, level, nameNormalized: searchText(input.name) };
  },

  async afterWrite(doc, ctx) {
    const before = ctx.existing;
    if (!before || before.path === doc.path) return;
    // Move the subtree: every descendant's path and level follow its ancestor.
    const oldPath = String(before.path);
    const delta = Number(doc.level) - Number(before.level);
    await ctx.db
      .update(category)
      .set({
        path: sql`${String(doc.path)} || substr(${category.path}, ${oldPath.length + 1})`,
        level: sql`${category.level} + ${delta}`,
        version: sql`${category.version} + 1`,
        updatedAt: ctx.now,
        updatedBy: ctx.actor.sub ?? null,
      })
      .where(sql`${category.path} like ${`${oldPath.replace(/[\\%_]/g, '\\$&')}/%`}`);
  },

  async beforeDelete(doc, ctx) {
    const [child] = await ctx.db
      .select({ _id: category._id })
      .from(category)
      .where(and(eq(category.parent, doc._id), ne(category._id, doc._id)))
      .limit(1);
    if (child) {
      throw new AppError('CONSTRAINT_VIOLATION', `Category '${doc._id}' still has sub-categories`, {
        type: 'REFERENCED',
        keys: ['parent'],
      });
    }
    const [used] = await ctx.db
      .select({ _id: factcheck._id })
      .from(factcheck)
      .where(eq(factcheck.category, doc._id))
      .limit(1);
    if (used) {
      throw new AppError('CONSTRAINT_VIOLATION', `Category '${doc._id}' is the rating of fact-checks`, {
        type: 'REFERENCED',
        keys: ['category'],
      });
    }
  },
};
