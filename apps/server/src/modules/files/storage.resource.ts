// The `storage` resource (file records) for the generic read API: the file browser's listing
// (`GET /api/storage?destination=storage/news-feed*&originalname=*x*|fieldname=*x*&per_page=50`)
// runs through the same service, access guard and query compiler as every other resource.
// Records are written by the files service only; this definition is never used for writes.
import { storage } from '@tabayyun/db';
import { z } from 'zod';
import { fieldSpecs } from '../resources/field-specs.ts';
import type { ResourceDefinition } from '../resources/resource-types.ts';

export const storageResource: ResourceDefinition = {
  name: 'storage',
  table: storage,
  fields: fieldSpecs(storage),
  relations: {},
  // Uploads go through POST {STORAGE_BASE}/<folder>; a generic write is refused by validation.
  input: z.object({}).strict(),
  readOnly: Object.keys(fieldSpecs(storage)),
  userIds: false,
  defaultSort: { field: 'date', direction: 'desc' },
};
