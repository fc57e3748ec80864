import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { runWidgetConformance } from '../../conformance/run-conformance.tsx';
import type { DataAdapter, FieldDefinition, FileRecord, WidgetProps } from '../../types.ts';
import { checkFile, fileTypeClass, formatFileDate, formatFileSize, readFileSettings } from './file-rules.ts';
import { FileWidget } from './file-widget.tsx';

function props(overrides: Partial<WidgetProps<FileRecord[] | null>> = {}): WidgetProps<FileRecord[] | null> {
  return {
    field: { type: 'file', name: 'evidence', inputs: { destination: 'evidence', maxFiles: 3 } },
    id: 'evidence',
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

const pdf = () => new File(['%PDF'], 'report.pdf', { type: 'application/pdf' });
const pickFiles = (files: File[]) => {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files } });
};

const REPORT: FileRecord = {
  path: 'evidence/report.pdf',
  originalname: 'report.pdf',
  mimetype: 'application/pdf',
};
const PHOTO: FileRecord = { path: 'evidence/photo.png', originalname: 'photo.png', mimetype: 'image/png' };

runWidgetConformance<FileRecord[] | null>('file', {
  definitionExtras: { inputs: { destination: 'evidence', maxFiles: 3 } },
  sampleValue: [REPORT, PHOTO],
  otherValue: [PHOTO],
  // Without an adapter the widget cannot upload, so the user's change is removing a file (after the question).
  change: async ({ user, root, screen }) => {
    await user.click(within(root).getByRole('button', { name: 'Remove report.pdf' }));
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
  },
  expectDisplayed: ({ root }, value) => {
    for (const record of value ?? []) expect(within(root).getByText(record.originalname ?? '')).toBeTruthy();
    if (!value?.includes(REPORT)) expect(within(root).queryByText('report.pdf')).toBeNull();
  },
});

describe('file rules', () => {
  it('defaults to any type, 10 MB, one file, list view', () => {
    expect(readFileSettings(undefined)).toMatchObject({
      accept: [],
      minSize: 0,
      maxSize: 10485760,
      maxFiles: 1,
      view: 'list',
    });
  });

  it('checks the accept list with wildcards, then max-size and min-size', () => {
    const settings = readFileSettings({ accept: ['image/*', '.pdf'], minSize: 2, maxSize: 10 });
    expect(checkFile({ name: 'a.png', type: 'image/png', size: 5 }, settings)).toBeNull();
    expect(checkFile({ name: 'a.PDF', type: '', size: 5 }, settings)).toBeNull();
    expect(checkFile({ name: 'a.exe', type: 'application/x-msdownload', size: 5 }, settings)).toBe(
      '.exe is not allowed, accepted: image/*, .pdf',
    );
    expect(checkFile({ name: 'a.png', type: 'image/png', size: 11 }, settings)).toBe('max-size');
    expect(checkFile({ name: 'a.png', type: 'image/png', size: 1 }, settings)).toBe('min-size');
    expect(
      checkFile({ name: 'a.png', type: 'image/png', size: 1e12 }, readFileSettings({ maxSize: 0 })),
    ).toBeNull();
  });

  it('formats sizes base 1024 with 2 decimals, dates as dd MMM yyyy, and classes types', () => {
    expect(formatFileSize(500)).toBe('500 bytes');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(10485760)).toBe('10 MB');
    expect(formatFileSize(1234567890)).toBe('1.15 GB');
    expect(formatFileSize(1024 ** 5 * 3)).toBe('3 PB');
    expect(formatFileDate('2024-05-07T10:00:00Z', 'en')).toBe('07 May 2024');
    expect(() => formatFileDate('nope', 'en')).toThrow();
    expect(fileTypeClass('image/png')).toBe('image');
    expect(fileTypeClass('application/pdf')).toBe('pdf');
    expect(fileTypeClass('', 'deck.pptx')).toBe('ppt');
    expect(fileTypeClass('application/vnd.ms-excel')).toBe('xls');
    expect(fileTypeClass('application/zip')).toBe('zip');
    expect(fileTypeClass('application/octet-stream', 'x.bin')).toBe('file');
  });
});

describe('FileWidget', () => {
  it('switches between list and grid with two pressed/unpressed buttons in a labelled group', () => {
    renderWithProviders(<FileWidget {...props({ value: [REPORT, PHOTO] })} />);
    const group = screen.getByRole('group', { name: 'View' });
    const list = within(group).getByRole('button', { name: 'List' });
    const grid = within(group).getByRole('button', { name: 'Grid' });
    expect(list.getAttribute('aria-pressed')).toBe('true');
    expect(grid.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(grid);
    expect(grid.getAttribute('aria-pressed')).toBe('true');
    expect(list.getAttribute('aria-pressed')).toBe('false');
  });

  it('uploads with progress and keeps the uploaded record in the value', async () => {
    let finish: (record: FileRecord) => void = () => undefined;
    let progress: (percent: number) => void = () => undefined;
    const upload = vi.fn<NonNullable<DataAdapter['upload']>>((_destination, _file, opts) => {
      progress = opts.onProgress;
      return new Promise<FileRecord>((resolve) => {
        finish = resolve;
      });
    });
    const onChange = vi.fn();
    renderWithProviders(<FileWidget {...props({ onChange, adapter: { list: vi.fn(), upload } })} />);
    pickFiles([pdf()]);
    expect(upload).toHaveBeenCalledWith(
      'evidence',
      expect.any(File),
      expect.objectContaining({ fieldname: 'evidence' }),
    );
    act(() => progress(40));
    expect(screen.getByRole('progressbar', { name: 'report.pdf 40%' })).toBeDefined();
    await act(async () => finish({ path: '/files/report.pdf', originalname: 'report.pdf', size: 4 }));
    expect(onChange).toHaveBeenCalledWith([
      { path: '/files/report.pdf', originalname: 'report.pdf', size: 4 },
    ]);
  });

  it("shows the server's message in red, and 'No file uploaded' for an empty answer", async () => {
    const upload = vi
      .fn<NonNullable<DataAdapter['upload']>>()
      .mockRejectedValueOnce(new Error('Disk full'))
      .mockResolvedValueOnce([] as unknown as FileRecord);
    const onChange = vi.fn();
    renderWithProviders(<FileWidget {...props({ onChange, adapter: { list: vi.fn(), upload } })} />);
    pickFiles([pdf(), new File(['x'], 'b.pdf', { type: 'application/pdf' })]);
    expect(await screen.findByText('Disk full')).toBeDefined();
    expect(await screen.findByText('No file uploaded')).toBeDefined();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('aborts an upload in progress when it is removed', async () => {
    let signal: AbortSignal | undefined;
    const upload = vi.fn<NonNullable<DataAdapter['upload']>>(
      (_destination, _file, opts) =>
        new Promise<FileRecord>((_resolve, reject) => {
          signal = opts.signal;
          opts.signal.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    );
    renderWithProviders(<FileWidget {...props({ adapter: { list: vi.fn(), upload } })} />);
    pickFiles([pdf()]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove report.pdf' }));
    expect(signal?.aborted).toBe(true);
    await waitFor(() => expect(screen.queryByText('report.pdf')).toBeNull());
  });

  it('asks before deleting an uploaded file, then deletes it and ignores a 404', async () => {
    const deleteFile = vi
      .fn<NonNullable<DataAdapter['deleteFile']>>()
      .mockRejectedValue(Object.assign(new Error('gone'), { status: 404 }));
    const onChange = vi.fn();
    const value = [{ path: '/files/a.pdf', originalname: 'a.pdf', mimetype: 'application/pdf', size: 10 }];
    renderWithProviders(
      <FileWidget {...props({ onChange, value, adapter: { list: vi.fn(), deleteFile } })} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove a.pdf' }));
    expect(screen.getByText('Are you sure?')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(deleteFile).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Remove a.pdf' }));
    fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(deleteFile).toHaveBeenCalledWith('/files/a.pdf');
    await waitFor(() => expect(onChange).toHaveBeenCalledWith([]));
  });

  it('rejects files over the accept list, uploads pasted files, and uploads nothing when read-only or full', () => {
    const upload = vi.fn<NonNullable<DataAdapter['upload']>>(() => new Promise<FileRecord>(() => undefined));
    const field: FieldDefinition = {
      type: 'file',
      name: 'evidence',
      inputs: { accept: '.pdf', maxFiles: 2 },
    };
    const { unmount } = renderWithProviders(
      <FileWidget {...props({ field, adapter: { list: vi.fn(), upload } })} />,
    );
    pickFiles([new File(['x'], 'clip.mp4', { type: 'video/mp4' })]);
    expect(screen.getByText('.mp4 is not allowed, accepted: .pdf')).toBeDefined();
    fireEvent.paste(screen.getByRole('button', { name: 'Choose files' }), {
      clipboardData: { files: [pdf()] },
    });
    expect(upload).toHaveBeenCalledTimes(1);
    unmount();
    renderWithProviders(
      <FileWidget {...props({ field, readOnly: true, adapter: { list: vi.fn(), upload } })} />,
    );
    fireEvent.paste(screen.getByRole('button', { name: 'Choose files' }), {
      clipboardData: { files: [pdf()] },
    });
    expect(upload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Choose files' })).toHaveProperty('disabled', true);
  });

  it('switches between list (65px) and grid (220px) thumbnails', () => {
    const value = [{ path: '/files/a.txt', originalname: 'a.txt', mimetype: 'text/plain', size: 10 }];
    renderWithProviders(<FileWidget {...props({ value, dir: 'rtl' })} />, { dir: 'rtl' });
    const typeBox = () => document.querySelector('[data-file-type="txt"]') as HTMLElement;
    expect(typeBox().style.width).toContain('65');
    fireEvent.click(screen.getByText('Grid'));
    expect(typeBox().style.width).toContain('220');
  });
});
