// Corrections on the record (issue 33 §3, ADR 040): a dated note appended to a published fact-check
// or article, never edited nor deleted (a later correction corrects it). Saving one, in the same
// transaction: bumps the item's `updatedAt` (its JSON-LD `dateModified`), counts one more source
// revision (its translations read "needs update", ADR 014), applies a rating change's new verdict,
// and appends an audit entry. Anonymous readers see the corrections of published items only
// (`itemStatus=published`, plugins/default-rules.ts).
import { article, category, correction, type Db, eq, factcheck, type PgColumn, sql } from '@tabayyun/db';
import { correctionInput } from '@tabayyun/schemas';
import { AppError, validationFailed } from '../../errors.ts';
import { currentClient } from '../../plugins/actor.ts';
import { insertAuditEvent } from '../audit/audit.repo.ts';
import { fieldSpecs } from '../resources/field-specs.ts';
import type { FieldSpec, ResourceDefinition, WriteContext } from '../resources/resource-types.ts';

/** The status of the corrected item, computed at read time (a correction has none of its own). */
const itemStatusField: FieldSpec = {
  column: sql`(case "correction"."item_type"
    when 'factcheck' then (select "status" from "factcheck" where "factcheck"."_id" = "correction"."item")
    when 'article' then (select "status" from "article" where "article"."_id" = "correction"."item")
  end)` as unknown as PgColumn,
  kind: 'text',
  sortable: false,
  computed: true,
};

const refuseChange = (): never => {
  throw new AppError(
    'METHOD_NOT_ALLOWED',
    'A correction is on the record and cannot be changed or deleted: add another correction',
  );
};

interface StoredItem {
  status: string;
  language: string;
  category: string | null;
  score: number;
}

async function loadItem(db: Db, itemType: string, id: string): Promise<StoredItem | undefined> {
  if (itemType === 'factcheck') {
    const [row] = await db
      .select({
        status: factcheck.status,
        language: factcheck.language,
        category: factcheck.category,
        score: factcheck.score,
      })
      .from(factcheck)
      .where(eq(factcheck._id, id))
      .for('update');
    return row;
  }
  const [row] = await db
    .select({ status: article.status, language: article.language })
    .from(article)
    .where(eq(article._id, id))
    .for('update');
  return row ? { ...row, category: null, score: 0 } : undefined;
}

/** A verdict: a category of the rating scale (`/criteria/…`). Its score, or undefined if it is none. */
async function ratingScore(db: Db, id: string): Promise<number | undefined> {
  const [row] = await db
    .select({ score: category.score, path: category.path })
    .from(category)
    .where(eq(category._id, id));
  return row?.path.startsWith('/criteria/') ? (row.score ?? 0) : undefined;
}

export const correctionResource: ResourceDefinition = {
  name: 'correction',
  table: correction,
  fields: { ...fieldSpecs(correction), itemStatus: itemStatusField },
  relations: {
    fromCategory: { resource: 'category', column: correction.fromCategory, many: false },
    toCategory: { resource: 'category', column: correction.toCategory, many: false },
  },
  input: correctionInput,
  readOnly: ['language', 'fromCategory', 'createdAt', 'createdBy', 'itemStatus'],
  userIds: false,
  defaultSort: { field: 'createdAt', direction: 'desc' },

  async derive(input, ctx) {
    if (ctx.existing) refuseChange();
    const itemType = String(input.itemType);
    const item = await loadItem(ctx.db, itemType, String(input.item));
    if (!item) throw validationFailed({ item: `No ${itemType} with this id` });
    if (item.status !== 'published') {
      throw validationFailed({ item: `Only a published ${itemType} takes corrections` });
    }
    const toCategory = typeof input.toCategory === 'string' ? input.toCategory : null;
    if (input.type !== 'rating-change') {
      if (toCategory !== null) throw validationFailed({ toCategory: 'Only a rating change names a verdict' });
      return {
        language: item.language,
        fromCategory: null,
        toCategory: null,
        createdBy: ctx.actor.sub ?? null,
      };
    }
    if (itemType !== 'factcheck')
      throw validationFailed({ type: 'Only a fact-check has a rating to change' });
    if (toCategory === null) throw validationFailed({ toCategory: 'Required' });
    if ((await ratingScore(ctx.db, toCategory)) === undefined) {
      throw validationFailed({ toCategory: `'${toCategory}' is not a rating category` });
    }
    if (toCategory === item.category) {
      throw validationFailed({ toCategory: 'The new verdict is the stored verdict' });
    }
    return {
      language: item.language,
      fromCategory: item.category,
      toCategory,
      createdBy: ctx.actor.sub ?? null,
    };
  },

  async afterWrite(doc, ctx) {
    await touchItem(doc, ctx);
    const client = currentClient();
    const imps = ctx.actor.claims?.imps;
    await insertAuditEvent(ctx.db, {
      type: 'correction',
      actor: ctx.actor.sub ?? null,
      impersonator: typeof imps === 'string' ? imps : null,
      target: String(doc.item),
      targetType: String(doc.itemType),
      ip: client.ip ?? null,
      userAgent: client.userAgent ?? null,
      details: {
        correction: doc._id,
        type: doc.type,
        fromCategory: doc.fromCategory ?? null,
        toCategory: doc.toCategory ?? null,
      },
    });
  },

  beforeDelete: async () => refuseChange(),
};

/**
 * The corrected item, in the correction's transaction: `dateModified` moves, its translations
 * follow (one more source revision), and a rating change sets the new verdict (a new version, so an
 * editor still holding the old verdict gets an edit conflict instead of writing it back).
 */
async function touchItem(doc: Record<string, unknown>, ctx: WriteContext): Promise<void> {
  const id = String(doc.item);
  if (doc.itemType === 'article') {
    await ctx.db
      .update(article)
      .set({
        updatedAt: ctx.now,
        sourceRevision: sql`${article.sourceRevision} + 1`,
        sourceChangedAt: ctx.now,
      })
      .where(eq(article._id, id));
    return;
  }
  const change: Record<string, unknown> = {
    updatedAt: ctx.now,
    sourceRevision: sql`${factcheck.sourceRevision} + 1`,
    sourceChangedAt: ctx.now,
  };
  if (doc.type === 'rating-change' && typeof doc.toCategory === 'string') {
    const from =
      typeof doc.fromCategory === 'string' ? ((await ratingScore(ctx.db, doc.fromCategory)) ?? 0) : 0;
    const to = (await ratingScore(ctx.db, doc.toCategory)) ?? 0;
    Object.assign(change, {
      category: doc.toCategory,
      score: sql`${factcheck.score} - ${from} + ${to}`,
      version: sql`${factcheck.version} + 1`,
      updatedBy: ctx.actor.sub ?? null,
    });
  }
  await ctx.db.update(factcheck).set(change).where(eq(factcheck._id, id));
}
