// Articles share the fact-check's publication rules; the slug comes from the creation time as
// YYMMDDHHmm (spec §4, like fact-checks) when the editor leaves it empty.
import { article } from '@tabayyun/db';
import { articleInput } from '@tabayyun/schemas';
import { factcheckSlug } from '@tabayyun/text';
import { fieldSpecs } from '../resources/field-specs.ts';
import type { ResourceDefinition } from '../resources/resource-types.ts';
import { creationTime, publishedAtFor, searchText, uniqueSlug } from './derive-helpers.ts';
import { needsUpdateField } from './translations.ts';

export const articleResource: ResourceDefinition = {
  name: 'article',
  table: article,
  fields: {
    ...fieldSpecs(article, {
      title: { searchColumn: article.titleNormalized },
      titleNormalized: { output: false },
    }),
    needsUpdate: needsUpdateField(article),
  },
  relations: {
    author: { resource: 'author', column: article.author, many: false },
    country: { resource: 'category', column: article.country, many: true },
    topic: { resource: 'category', column: article.topic, many: true },
    tags: { resource: 'category', column: article.tags, many: true },
    translation_id: { resource: 'article', column: article.translation_id, many: false },
  },
  input: articleInput,
  readOnly: [
    'reads',
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
  htmlFields: ['content'],
  revisions: true,
  translationSource: ['content'],
  // The publish gate and four-eyes are the fact-check's (issue 33 §1–2); the states are shared.
  workflow: { gate: false, fourEyes: false },

  async derive(input, ctx) {
    const slugBase =
      typeof input.slug === 'string' && input.slug.trim()
        ? input.slug.trim()
        : ((ctx.existing?.slug as string | undefined) ?? factcheckSlug(creationTime(input, ctx)));
    return {
      slug: await uniqueSlug(
        ctx.db,
        article,
        { slug: article.slug, id: article._id },
        slugBase,
        ctx.existing?._id,
      ),
      publishedAt: publishedAtFor(input, ctx),
      titleNormalized: searchText(input.title),
      contentNormalized: searchText(input.content),
      ...(ctx.preserveTimestamps && input.createdAt instanceof Date ? { createdAt: input.createdAt } : {}),
    };
  },
};
