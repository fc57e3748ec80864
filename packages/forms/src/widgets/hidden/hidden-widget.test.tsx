import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { HiddenWidget } from './hidden-widget.tsx';

// A hidden field has no label, error, interaction or direction, so none of the conformance
// checks apply; its own cases below cover the value it carries.

describe('hidden widget', () => {
  const props = {
    field: { type: 'hidden' as const, name: 'ref' },
    id: 'h',
    onChange: () => {},
    onBlur: () => {},
    required: false,
    disabled: false,
    readOnly: false,
    dir: 'ltr' as const,
    locale: 'en' as const,
  };

  it('renders an <input type="hidden"> with the value and the field name', () => {
    const { container } = renderWithProviders(<HiddenWidget {...props} value="abc" />);
    const input = container.querySelector('input#h') as HTMLInputElement;
    expect(input.type).toBe('hidden');
    expect(input.name).toBe('ref');
    expect(input.value).toBe('abc');
  });

  it('serialises a structured value as JSON and an absent one as empty', () => {
    const { container, rerender } = renderWithProviders(<HiddenWidget {...props} value={{ a: 1 }} />);
    expect((container.querySelector('input#h') as HTMLInputElement).value).toBe('{"a":1}');
    rerender(<HiddenWidget {...props} value={null} />);
    expect((container.querySelector('input#h') as HTMLInputElement).value).toBe('');
  });
});
