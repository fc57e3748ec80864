import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { runWidgetConformance } from '../../conformance/run-conformance.tsx';
import type { WidgetProps } from '../../types.ts';
import { LocalFileWidget } from './local-file-widget.tsx';

function props(overrides: Partial<WidgetProps<File[] | null>> = {}): WidgetProps<File[] | null> {
  return {
    field: { type: 'local-file', name: 'attachment', inputs: { accept: 'image/*', maxFiles: 2 } },
    id: 'attachment',
    value: [],
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

const firstPhoto = new File(['one'], 'first.png', { type: 'image/png' });
const secondPhoto = new File(['two'], 'second.png', { type: 'image/png' });

runWidgetConformance<File[] | null>('local-file', {
  definitionExtras: { inputs: { accept: 'image/*', maxFiles: 2 } },
  sampleValue: [firstPhoto],
  otherValue: [firstPhoto, secondPhoto],
  change: async ({ user, root }) =>
    user.upload(root.querySelector('input[type=file]') as HTMLInputElement, secondPhoto),
  expectDisplayed: ({ root }, value) => {
    for (const file of value ?? []) expect(within(root).getByText(file.name)).toBeTruthy();
  },
});

describe('LocalFileWidget', () => {
  it('keeps accepted File objects without uploading and shows the rejected ones with their error', () => {
    const onChange = vi.fn();
    renderWithProviders(<LocalFileWidget {...props({ onChange })} />);
    const photo = new File(['x'], 'photo.png', { type: 'image/png' });
    const doc = new File(['x'], 'notes.docx', { type: 'application/msword' });
    fireEvent.change(document.querySelector('input[type=file]') as HTMLInputElement, {
      target: { files: [photo, doc] },
    });
    expect(onChange).toHaveBeenCalledWith([photo]);
    expect(screen.getByText('.docx is not allowed, accepted: image/*')).toBeDefined();
  });
});
