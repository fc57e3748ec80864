import { z } from 'zod';
import { fileList, optionalEmail, optionalText, recordId, requiredText } from './common.ts';

/** What POST/PUT /api/author accept. */
export const authorInput = z.strictObject({
  _id: recordId.optional(),
  name: requiredText(200),
  slug: optionalText(200),
  bio: optionalText(10_000),
  image: fileList.default([]),
  position: optionalText(200),
  email: optionalEmail,
  linkedin: optionalText(500),
  twitter: optionalText(500),
  facebook: optionalText(500),
  hidden: z.boolean().default(false),
  active: z.boolean().default(true),
});
export type AuthorInput = z.infer<typeof authorInput>;
export type AuthorInputRaw = z.input<typeof authorInput>;

export const AUTHOR_READ_ONLY_FIELDS = ['nameNormalized', 'createdAt', 'updatedAt'] as const;
