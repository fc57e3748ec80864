import { type FieldDefinition, type FormDefinition, widgets } from '@tabayyun/forms';
import { describe, expect, it } from 'vitest';
import {
  articleDefinition,
  type DefinitionContext,
  EDITOR_FIELD_TYPES,
  factcheckDefinition,
} from './content-forms.ts';
import { EDITOR_TEXTS } from './editor-texts.ts';

const context: DefinitionContext = {
  t: EDITOR_TEXTS.en,
  options: {
    isLoading: false,
    authors: [],
    mediaSources: [],
    topics: [],
    tags: [],
    countries: [],
    criteria: [],
    childrenOf: () => [],
    scoreOf: () => 0,
  },
  statuses: ['draft', 'review', 'published'],
  category: null,
  readOnly: false,
};

function typesOf(fields: FieldDefinition[] | undefined, into = new Set<string>()): Set<string> {
  for (const field of fields ?? []) {
    into.add(field.type);
    typesOf(field.fields, into);
  }
  return into;
}
const formTypes = (definition: FormDefinition) =>
  typesOf([...(definition.fields ?? []), ...(definition.sections ?? []).flatMap((s) => s.fields)]);

describe('the editors’ field types', () => {
  it.each([
    ['fact-check', factcheckDefinition],
    ['article', articleDefinition],
  ])('the %s form uses only types the route loader fetches, or the panel’s own', (_, define) => {
    const used = [...formTypes(define(context))].filter((type) => type in widgets);
    expect(used).toEqual(expect.arrayContaining(['text', 'select', 'file']));
    expect(EDITOR_FIELD_TYPES).toEqual(expect.arrayContaining(used));
  });

  it('lists no type that neither form uses', () => {
    const used = new Set([
      ...formTypes(factcheckDefinition(context)),
      ...formTypes(articleDefinition(context)),
    ]);
    expect(EDITOR_FIELD_TYPES.filter((type) => !used.has(type))).toEqual([]);
  });
});
