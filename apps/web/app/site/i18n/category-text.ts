// A category's name and description in the page's language, from the record itself (ADR 011):
// `name`/`description` are Arabic, `nameEn`/`nameTr` and `descriptionEn`/`descriptionTr` the
// translations an editor gives. A missing name shows the Arabic one; a missing Turkish
// description shows the English one before the Arabic.
import type { Language } from './language.ts';

export interface CategoryText {
  _id: string;
  name?: unknown;
  nameEn?: unknown;
  nameTr?: unknown;
  description?: unknown;
  descriptionEn?: unknown;
  descriptionTr?: unknown;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

export function categoryName(category: CategoryText, language: Language): string {
  const arabic = text(category.name) || category._id;
  if (language === 'en') return text(category.nameEn) || arabic;
  if (language === 'tr') return text(category.nameTr) || arabic;
  return arabic;
}

export function categoryDescription(category: CategoryText, language: Language): string {
  const arabic = text(category.description);
  if (language === 'en') return text(category.descriptionEn) || arabic;
  if (language === 'tr') return text(category.descriptionTr) || text(category.descriptionEn) || arabic;
  return arabic;
}
