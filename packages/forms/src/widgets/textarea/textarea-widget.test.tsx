import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { runWidgetConformance } from '../../conformance/run-conformance.tsx';
import { TextareaWidget, textareaRows } from './textarea-widget.tsx';

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
});
