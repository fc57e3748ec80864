// Fact-checks: derived search text, score, evaluation categories, slug and publication time;
// created from a feed item by Investigate (spec §4), in the same transaction as the feed link.
import { category as categoryTable, eq, factcheck, inArray } from '@tabayyun/db';
import { factcheckInput } from '@tabayyun/schemas';
import { factcheckSlug } from '@tabayyun/text';
import { validationFailed } from '../../errors.ts';
import { fieldSpecs } from '../resources/field-specs.ts';
import type { ResourceDefinition } from '../resources/resource-types.ts';
import { creationTime, publishedAtFor, searchText, uniqueSlug } from './derive-helpers.ts';
import { linkFeedToFactcheck, lockFeedForInvestigation } from './feed-workflow.ts';
import { needsUpdateField } from './translations.ts';

interface EvaluationRowInput {
  category?: string;
  score?: number;
}

const fields = fieldSpecs(factcheck, {
  title: { searchColumn: factcheck.titleNormalized },
  titleNormalized: { output: false },
  evaluationCategories: { output: false },
});
fields['evaluation.category'] = { column: factcheck.evaluationCategories, kind: 'text[]' };
fields.needsUpdate = needsUpdateField(factcheck);

export const factcheckResource: ResourceDefinition = {
  name: 'factcheck',
  table: factcheck,
  fields,
  relations: {
    author: { resource: 'author', column: factcheck.author, many: false },
    category: { resource: 'category', column: factcheck.category, many: false },
    mediaSource: { resource: 'media-source', column: factcheck.mediaSource, many: true },
    country: { resource: 'category', column: factcheck.country, many: true },
    topic: { resource: 'category', column: factcheck.topic, many: true },
    tags: { resource: 'category', column: factcheck.tags, many: true },
    translation_id: { resource: 'factcheck', column: factcheck.translation_id, many: false },
    newsFeed: { resource: 'feed', column: factcheck.newsFeed, many: false },
  },
  input: factcheckInput,
  readOnly: [
    'reads',
    'score',
    'evaluationCategories',
    'claimsNormalized',
    'againstClaimNormalized',
    'conclusionNormalized',
    'contentNormalized',
    'titleNormalized',
    'publishedAt',
    'createdAt',
    'updatedAt',
    // The trust workflow's bookkeeping (ADR 039): set by the server.
    'withdrawnAt',
    'withdrawnReason',
    'submittedBy',
    'lastEditedBy',
    'scheduledBy',
  ],
  userIds: false,
  defaultSort: { field: 'createdAt', direction: 'desc' },
  htmlFields: ['content', 'claims', 'againstClaim', 'conclusion', 'references', 'sources'],
  revisions: true,
  // The rating and the conclusion: what a translation must say too (issue 12, ADR 014).
  translationSource: ['category', 'evaluation', 'score', 'conclusion'],
  workflow: { gate: true, fourEyes: true },

  async derive(input, ctx) {
    const rows = (Array.isArray(input.evaluation) ? input.evaluation : []) as EvaluationRowInput[];
    const evaluationCategories = [...new Set(rows.map((r) => r.category).filter((c): c is string => !!c))];
    let score = rows.reduce((sum, r) => sum + (typeof r.score === 'number' ? r.score : 0), 0);
    if (typeof input.category === 'string' && input.category) {
      const [chosen] = await ctx.db
        .select({ score: categoryTable.score })
        .from(categoryTable)
        .where(eq(categoryTable._id, input.category));
      score += chosen?.score ?? 0;
    }
    if (evaluationCategories.length > 0) {
      // Rows must name real categories, or the public evaluation block cannot render them.
      const known = await ctx.db
        .select({ _id: categoryTable._id })
        .from(categoryTable)
        .where(inArray(categoryTable._id, evaluationCategories));
      const missing = evaluationCategories.filter((c) => !known.some((k) => k._id === c));
      if (missing.length > 0) {
        throw validationFailed({ evaluation: `Unknown evaluation category: ${missing.join(', ')}` });
      }
    }
    // A fact-check made by Investigate stays linked to its feed item.
    const newsFeed = ctx.existing ? (ctx.existing.newsFeed ?? null) : (input.newsFeed ?? null);
    if (!ctx.existing && typeof newsFeed === 'string') await lockFeedForInvestigation(ctx.db, newsFeed);
    const slugBase =
      typeof input.slug === 'string' && input.slug.trim()
        ? input.slug.trim()
        : ((ctx.existing?.slug as string | undefined) ?? factcheckSlug(creationTime(input, ctx)));
    return {
      newsFeed,
      evaluationCategories,
      score,
      slug: await uniqueSlug(
        ctx.db,
        factcheck,
        { slug: factcheck.slug, id: factcheck._id },
        slugBase,
        ctx.existing?._id,
      ),
      publishedAt: publishedAtFor(input, ctx),
      titleNormalized: searchText(input.title),
      claimsNormalized: searchText(input.claims),
      againstClaimNormalized: searchText(input.againstClaim),
      conclusionNormalized: searchText(input.conclusion),
      contentNormalized: searchText(input.content),
      ...(ctx.preserveTimestamps && input.createdAt instanceof Date ? { createdAt: input.createdAt } : {}),
    };
  },

  async afterWrite(doc, ctx) {
    if (!ctx.existing && typeof doc.newsFeed === 'string') {
      await linkFeedToFactcheck(ctx, doc.newsFeed, { _id: doc._id, title: String(doc.title) });
    }
  },
};
