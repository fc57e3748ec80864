import { DEFAULT_THEME } from '@mantine/core';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { runWidgetConformance } from '../../conformance/run-conformance.tsx';
import type { FieldDefinition, WidgetProps } from '../../types.ts';
import { ArrayWidget } from './array-widget.tsx';
import type { Row } from './row-editor.tsx';
import { ARRAY_VALUE_ERROR, assertRows, DELETE_COLOR } from './rows-widget.tsx';

const field: FieldDefinition = {
  type: 'array',
  name: 'links',
  fields: [
    { type: 'text', name: 'url', inputs: { label: 'URL' } },
    { type: 'number', name: 'rank', inputs: { label: 'Rank' } },
  ],
};

function props(overrides: Partial<WidgetProps<Row[] | null>> = {}): WidgetProps<Row[] | null> {
  return {
    field,
    id: 'links',
    value: [{ url: 'https://a.example', rank: 1 }],
    onChange: vi.fn(),
    onBlur: vi.fn(),
    required: false,
    disabled: false,
    readOnly: false,
    dir: 'ltr',
    locale: 'en',
    ...overrides,
  };
}

runWidgetConformance<Row[] | null>('array', {
  definitionExtras: { fields: [{ type: 'text', name: 'url', inputs: { label: 'URL' } }] },
  sampleValue: [{ url: 'https://a.example' }, { url: 'https://b.example' }],
  otherValue: [{ url: 'https://b.example' }],
  change: async ({ user, root, screen }) => {
    await user.click(within(root).getByRole('button', { name: 'Delete row 1' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
  },
  expectDisplayed: ({ root }, value) => {
    const rows = within(root).queryAllByLabelText(/^Row \d+$/);
    expect(rows.map((row) => row.textContent?.match(/https:\S+?\.example/)?.[0])).toEqual(
      (value ?? []).map((row) => row.url),
    );
  },
});

describe('ArrayWidget', () => {
  it('throws for a value that is not a list', () => {
    expect(() => assertRows('nope')).toThrow(ARRAY_VALUE_ERROR);
    expect(assertRows(null)).toEqual([]);
  });

  it('adds a row through the dialog rendering the row fields by type', () => {
    const onChange = vi.fn();
    renderWithProviders(<ArrayWidget {...props({ onChange })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'https://b.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onChange).toHaveBeenCalledWith([
      { url: 'https://a.example', rank: 1 },
      { url: 'https://b.example' },
    ]);
  });

  it('deletes a row only after the confirmation', () => {
    const onChange = vi.fn();
    renderWithProviders(<ArrayWidget {...props({ onChange, dir: 'rtl' })} />, { dir: 'rtl' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete row 1' }));
    expect(screen.getByText('Are you sure you want to delete this item?')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Delete row 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onChange).toHaveBeenCalledWith([]);
  });

  it('names the Add button by what it does, not by the field label', () => {
    renderWithProviders(<ArrayWidget {...props({ field: { ...field, inputs: { label: 'Links' } } })} />);
    const add = screen.getByRole('button', { name: 'Add row to Links' });
    expect(add.textContent).toBe('Add');
    // The label still points at the control (conformance), it just does not name it.
    expect(screen.getAllByLabelText('Links', { selector: '*' })).toContain(add);
  });

  it('speaks Arabic throughout: row, actions, dialogs and their close buttons', () => {
    const onChange = vi.fn();
    renderWithProviders(
      <ArrayWidget
        {...props({ onChange, locale: 'ar', dir: 'rtl', field: { ...field, inputs: { label: 'روابط' } } })}
      />,
      { dir: 'rtl', locale: 'ar' },
    );
    expect(screen.getByLabelText('الصف 1')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'إضافة صف إلى روابط' }));
    expect(screen.getByRole('button', { name: 'حفظ' })).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'إغلاق' }));
    expect(screen.queryByRole('button', { name: 'حفظ' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'تعديل الصف 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'إلغاء' }));
    fireEvent.click(screen.getByRole('button', { name: 'حذف الصف 1' }));
    expect(screen.getByText('هل أنت متأكد من حذف هذا العنصر؟')).toBeDefined();
    expect(screen.getByRole('button', { name: 'إغلاق' })).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'إبقاء' }));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'حذف الصف 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'حذف' }));
    expect(onChange).toHaveBeenCalledWith([]);
  });

  it('shows Turkish texts in a Turkish form', () => {
    renderWithProviders(<ArrayWidget {...props({ locale: 'tr' })} />, { locale: 'tr' });
    expect(screen.getByRole('button', { name: '1. satırı düzenle' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Ekle' })).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: '1. satırı sil' }));
    expect(screen.getByRole('button', { name: 'Vazgeç' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Kapat' })).toBeDefined();
  });

  it('paints delete buttons in a red with AA contrast (4.5:1) in both colour schemes', () => {
    renderWithProviders(<ArrayWidget {...props()} />);
    const icon = screen.getByRole('button', { name: 'Delete row 1' });
    fireEvent.click(icon);
    const confirm = screen.getByRole('button', { name: 'Delete' });
    expect(confirm.getAttribute('style')).toContain('--button-bg: var(--mantine-color-red-9)');
    expect(confirm.getAttribute('style')).toContain('--button-color: var(--mantine-color-white)');
    // Mantine's `red` light colour: red.9 in the light scheme, red.0 in the dark one (on dark.7).
    expect(icon.getAttribute('style')).toContain('--ai-color: var(--mantine-color-red-light-color)');
    expect(DELETE_COLOR).toEqual({ filled: 'red.9', subtle: 'red' });
    const red = DEFAULT_THEME.colors.red;
    expect(contrast(red[9], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(red[0], DEFAULT_THEME.colors.dark[7])).toBeGreaterThanOrEqual(4.5);
    // What the default filled red (red.6) would give: below AA.
    expect(contrast(red[6], '#ffffff')).toBeLessThan(4.5);
  });
});

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
