import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { runWidgetConformance } from '../../conformance/run-conformance.tsx';
import type { WidgetProps } from '../../types.ts';
import { AutocompleteTextWidget } from './autocomplete-text-widget.tsx';

function props(overrides: Partial<WidgetProps<string | null>> = {}): WidgetProps<string | null> {
  return {
    field: {
      type: 'autocomplete-text',
      name: 'city',
      inputs: {
        items: [
          { value: 'dam', display: 'Damascus' },
          { value: 'alp', display: 'Aleppo' },
        ],
      },
    },
    id: 'city',
    value: '',
    onChange: vi.fn(),
    onBlur: vi.fn(),
    required: false,
    disabled: false,
    readOnly: false,
    dir: 'rtl',
    locale: 'ar',
    ...overrides,
  };
}

describe('AutocompleteTextWidget', () => {
  it('keeps free text and fills a suggestion in as text', () => {
    const onChange = vi.fn();
    const { rerender } = renderWithProviders(<AutocompleteTextWidget {...props({ onChange })} />, {
      dir: 'rtl',
    });
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Homs' } });
    expect(onChange).toHaveBeenLastCalledWith('Homs');
    rerender(<AutocompleteTextWidget {...props({ onChange, value: 'ale' })} />);
    fireEvent.focus(screen.getByRole('textbox'));
    fireEvent.click(screen.getByRole('option', { name: 'Aleppo' }));
    expect(onChange).toHaveBeenLastCalledWith('Aleppo');
  });

  it('shows the Arabic empty text in Arabic', () => {
    renderWithProviders(<AutocompleteTextWidget {...props({ value: 'zzz' })} />, {
      dir: 'rtl',
      locale: 'ar',
    });
    fireEvent.focus(screen.getByRole('textbox'));
    expect(screen.getByText('لا توجد خيارات')).toBeDefined();
  });
});

runWidgetConformance('autocomplete-text', { sampleValue: 'Damascus', otherValue: 'Homs' });
