// Resources with no workflow: authors, media sources and their runs, scraping reports, contact
// messages. Only search text and default slugs are derived.
import { author, contact, mediaSource, mediaSourceRun, scrapingReport } from '@tabayyun/db';
import {
  authorInput,
  contactInput,
  mediaSourceInput,
  mediaSourceRunInput,
  scrapingReportInput,
} from '@tabayyun/schemas';
import { fieldSpecs } from '../resources/field-specs.ts';
import type { ResourceDefinition } from '../resources/resource-types.ts';
import { deriveNameAndSlug } from './derive-helpers.ts';

const TIMESTAMPS = ['createdAt', 'updatedAt'] as const;

export const authorResource: ResourceDefinition = {
  name: 'author',
  table: author,
  fields: fieldSpecs(author, {
    name: { searchColumn: author.nameNormalized },
    nameNormalized: { output: false },
  }),
  relations: {},
  input: authorInput,
  readOnly: ['nameNormalized', ...TIMESTAMPS],
  userIds: false,
  defaultSort: { field: 'name', direction: 'asc' },
  derive: deriveNameAndSlug({ table: author, slug: author.slug, id: author._id }, 'author'),
};

export const mediaSourceResource: ResourceDefinition = {
  name: 'media-source',
  table: mediaSource,
  fields: fieldSpecs(mediaSource, {
    name: { searchColumn: mediaSource.nameNormalized },
    nameNormalized: { output: false },
  }),
  relations: { category: { resource: 'category', column: mediaSource.category, many: false } },
  input: mediaSourceInput,
  // The scheduler owns the run times (ADR 019).
  readOnly: ['nameNormalized', 'nextRunAt', 'lastRunAt', ...TIMESTAMPS],
  userIds: false,
  defaultSort: { field: 'name', direction: 'asc' },
  derive: deriveNameAndSlug({ table: mediaSource, slug: mediaSource.slug, id: mediaSource._id }, 'source'),
};

export const mediaSourceRunResource: ResourceDefinition = {
  name: 'media-source-run',
  table: mediaSourceRun,
  fields: fieldSpecs(mediaSourceRun),
  relations: { mediaSource: { resource: 'media-source', column: mediaSourceRun.mediaSource, many: false } },
  input: mediaSourceRunInput,
  readOnly: TIMESTAMPS,
  userIds: false,
  defaultSort: { field: 'createdAt', direction: 'desc' },
};

export const scrapingReportResource: ResourceDefinition = {
  name: 'scraping-report',
  table: scrapingReport,
  fields: fieldSpecs(scrapingReport),
  relations: {
    mediaSource: { resource: 'media-source', column: scrapingReport.mediaSource, many: false },
    mediaSourceRun: { resource: 'media-source-run', column: scrapingReport.mediaSourceRun, many: false },
  },
  input: scrapingReportInput,
  readOnly: TIMESTAMPS,
  userIds: false,
  defaultSort: { field: 'date', direction: 'desc' },
};

export const contactResource: ResourceDefinition = {
  name: 'contact',
  table: contact,
  fields: fieldSpecs(contact),
  relations: {},
  input: contactInput,
  readOnly: TIMESTAMPS,
  userIds: false,
  defaultSort: { field: 'createdAt', direction: 'desc' },
};
