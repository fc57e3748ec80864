import { describe, expect, it } from 'vitest';
import { normaliseField, normaliseForm } from './normalise.ts';

describe('normaliseField', () => {
  it("defaults appearance to 'outline' and updateOn to 'change'", () => {
    const field = normaliseField({ type: 'text', name: 'title' });
    expect(field.definition.inputs?.appearance).toBe('outline');
    expect(field.updateOn).toBe('change');
    expect(
      normaliseField({ type: 'text', name: 't', inputs: { appearance: 'fill' } }).definition.inputs
        ?.appearance,
    ).toBe('fill');
  });

  it('adds a required validator for a field flagged required', () => {
    const field = normaliseField({ type: 'text', name: 'title', inputs: { required: true } });
    expect(field.required).toBe(true);
    expect(field.requiredValidator('')).toEqual({ key: 'required' });
    expect(field.validators).toHaveLength(0);
  });

  it('a required switch or single checkbox must be true', () => {
    for (const type of ['switch', 'checks'] as const) {
      const field = normaliseField({ type, name: 'agree', inputs: { required: true } });
      expect(field.requiredValidator(false)).toEqual({ key: 'required' });
      expect(field.requiredValidator(true)).toBeNull();
    }
    const group = normaliseField({
      type: 'checks',
      name: 'tags',
      inputs: { required: true, items: [{ value: 1, display: 'One' }] },
    });
    expect(group.requiredValidator([])).toEqual({ key: 'required' });
  });

  it('keeps the message of an explicit required validation', () => {
    const field = normaliseField({
      type: 'text',
      name: 'title',
      validations: [
        { name: 'required', message: 'Title please' },
        { name: 'maxLength', arguments: 3 },
      ],
    });
    expect(field.required).toBe(true);
    expect(field.requiredValidator(null)).toEqual({ key: 'required', message: 'Title please' });
    expect(field.validators).toHaveLength(1);
  });

  it('throws on an unknown validator when the definition is read', () => {
    expect(() => normaliseField({ type: 'text', name: 'x', validations: [{ name: 'nope' }] })).toThrow(
      'nope',
    );
  });

  it('flags multiple on a type that cannot hold a list', () => {
    expect(normaliseField({ type: 'text', name: 'x', inputs: { multiple: true } }).isArrayUnsupported).toBe(
      true,
    );
    expect(normaliseField({ type: 'select', name: 'x', inputs: { multiple: true } }).isArrayUnsupported).toBe(
      false,
    );
  });

  it('adds the password strength validator from inputs.strength', () => {
    const field = normaliseField({ type: 'password', name: 'p', inputs: { strength: { digit: 1 } } });
    expect(field.validators[0]?.('abc')).toEqual({
      key: 'passwordAtLeast',
      params: { count: 1, class: 'digit' },
    });
  });
});

describe('normaliseForm', () => {
  it('lists top-level fields first, then sections, remembering each field section', () => {
    const form = normaliseForm({
      fields: [{ type: 'text', name: 'a' }],
      sections: [{ name: 's1', fields: [{ type: 'text', name: 'b' }] }],
    });
    expect(form.allFields.map((f) => [f.name, f.section])).toEqual([
      ['a', undefined],
      ['b', 's1'],
    ]);
  });

  it('refuses duplicate field names', () => {
    expect(() =>
      normaliseForm({
        fields: [
          { type: 'text', name: 'a' },
          { type: 'text', name: 'a' },
        ],
      }),
    ).toThrow('Duplicate field name: a');
  });
});
