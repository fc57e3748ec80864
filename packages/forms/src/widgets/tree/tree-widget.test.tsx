import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { runWidgetConformance } from '../../conformance/run-conformance.tsx';
import type { FieldDefinition, WidgetProps } from '../../types.ts';
import { buildTree, type TreeOptionItem, TreeWidget } from './tree-widget.tsx';

const flat: TreeOptionItem[] = [
  { value: 'world', display: 'World' },
  { value: 'mena', display: 'MENA', parent: 'world' },
  { value: 'sy', display: 'Syria', parent: 'mena' },
];
const nested: TreeOptionItem[] = [
  {
    value: 'world',
    display: 'World',
    children: [{ value: 'mena', display: 'MENA', children: [{ value: 'sy', display: 'Syria' }] }],
  },
];

function props(field: FieldDefinition, overrides: Partial<WidgetProps<unknown>> = {}): WidgetProps<unknown> {
  return {
    field,
    id: 'region',
    value: null,
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

runWidgetConformance<unknown>('tree', {
  definitionExtras: {
    inputs: {
      items: [
        { value: 'mena', display: 'MENA' },
        { value: 'europe', display: 'Europe' },
      ],
    },
  },
  sampleValue: 'mena',
  otherValue: 'europe',
  change: async ({ user, root }) => user.click(within(root).getByLabelText('Europe')),
  expectDisplayed: ({ root }, value) => {
    expect((within(root).getByLabelText('MENA') as HTMLInputElement).checked).toBe(value === 'mena');
    expect((within(root).getByLabelText('Europe') as HTMLInputElement).checked).toBe(value === 'europe');
  },
});

describe('buildTree', () => {
  it('builds the same shape from flat parents and nested children', () => {
    const shape = (nodes: ReturnType<typeof buildTree>): unknown =>
      nodes.map((node) => [node.item.value, shape(node.children)]);
    expect(shape(buildTree(flat))).toEqual([['world', [['mena', [['sy', []]]]]]]);
    expect(shape(buildTree(nested))).toEqual(shape(buildTree(flat)));
  });
});

describe('TreeWidget', () => {
  it('expands nodes and selects one in single mode', () => {
    const onChange = vi.fn();
    renderWithProviders(
      <TreeWidget {...props({ type: 'tree', name: 'region', inputs: { items: flat } }, { onChange })} />,
    );
    expect(screen.queryByText('Syria')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Expand World' }));
    fireEvent.click(screen.getByRole('button', { name: 'Expand MENA' }));
    fireEvent.click(screen.getByLabelText('Syria'));
    expect(onChange).toHaveBeenCalledWith('sy');
  });

  it('selects many in multiple mode', () => {
    const onChange = vi.fn();
    const field: FieldDefinition = {
      type: 'tree',
      name: 'region',
      inputs: { items: nested, multiple: true },
    };
    renderWithProviders(<TreeWidget {...props(field, { onChange, value: ['world'], dir: 'rtl' })} />, {
      dir: 'rtl',
    });
    expect(screen.getByRole('tree').getAttribute('aria-multiselectable')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Expand World' }));
    fireEvent.click(screen.getByLabelText('MENA'));
    expect(onChange).toHaveBeenLastCalledWith(['world', 'mena']);
    fireEvent.click(screen.getByLabelText('World'));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });
});
