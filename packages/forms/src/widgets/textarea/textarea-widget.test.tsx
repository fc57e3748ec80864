import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { runWidgetConformance } from '../../conformance/run-conformance.tsx';
import { growingTextareaProps, TextareaWidget, textareaRows } from './textarea-widget.tsx';

runWidgetConformance('textarea', { sampleValue: 'first line', otherValue: 'second' });

describe('textarea widget', () => {
  it('defaults to 3 rows growing to 5, with minimums 1 and 2', () => {
    expect(textareaRows(undefined)).toEqual({ minRows: 3, maxRows: 5 });
    expect(textareaRows({ rows: 0, maxRows: 0 })).toEqual({ minRows: 1, maxRows: 2 });
    expect(textareaRows({ rows: 6 })).toEqual({ minRows: 6, maxRows: 6 });
  });

  it('renders a textarea', () => {
    renderWithProviders(
      <TextareaWidget
        field={{ type: 'textarea', name: 'notes', inputs: { label: 'Notes' } }}
        id="n"
        value="x"
        onChange={() => {}}
        onBlur={() => {}}
        required={false}
        disabled={false}
        readOnly={false}
        dir="ltr"
        locale="en"
      />,
    );
    expect(screen.getByLabelText('Notes').tagName).toBe('TEXTAREA');
  });

  it('lets the browser size the box where it can (no script measuring it on every draw)', () => {
    vi.stubGlobal('CSS', {
      supports: (property: string, value: string) => property === 'field-sizing' && value === 'content',
    });
    try {
      const props = growingTextareaProps(3, 5);
      expect(props.autosize).toBeUndefined();
      expect(props.rows).toBe(3);
      expect(props.styles).toEqual({
        input: {
          fieldSizing: 'content',
          minHeight: 'calc(3lh + 2 * var(--input-padding-y, 0px) + 2px)',
          maxHeight: 'calc(5lh + 2 * var(--input-padding-y, 0px) + 2px)',
        },
      });
    } finally {
      vi.unstubAllGlobals();
    }
    vi.stubGlobal('CSS', { supports: () => false });
    try {
      expect(growingTextareaProps(3, 5)).toEqual({ autosize: true, minRows: 3, maxRows: 5, rows: 3 });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
