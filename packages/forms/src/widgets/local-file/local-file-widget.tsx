// The `local-file` widget: the same list as `file`, but keeps the picked File objects (no upload);
// files failing the accept or size rules are shown with their error and left out of the value.
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { type ControlAria, FieldShell } from '../../engine/field-shell.tsx';
import type { WidgetProps } from '../../types.ts';
import { FileItemsView, type FileViewItem } from '../file/file-items-view.tsx';
import { checkFile, readFileSettings } from '../file/file-rules.ts';

let nextRejectedId = 0;

function LocalFileControl({
  control,
  field,
  value,
  onChange,
  onBlur,
  error,
  disabled,
  readOnly,
  dir,
  locale,
}: WidgetProps<File[] | null> & { control: ControlAria }): ReactNode {
  const settings = readFileSettings(field.inputs);
  const files = useMemo(() => (Array.isArray(value) ? value : []), [value]);
  const [rejected, setRejected] = useState<FileViewItem[]>([]);
  const urls = useMemo(
    () =>
      files.map((file) =>
        file.type.startsWith('image/') && typeof URL.createObjectURL === 'function'
          ? URL.createObjectURL(file)
          : undefined,
      ),
    [files],
  );
  useEffect(
    () => () => {
      for (const url of urls) if (url) URL.revokeObjectURL(url);
    },
    [urls],
  );

  const canAdd = !readOnly && !disabled && files.length < settings.maxFiles;
  const onFiles = (picked: File[]) => {
    if (readOnly || disabled) return;
    const accepted: File[] = [];
    const problems: FileViewItem[] = [];
    for (const file of picked.slice(0, Math.max(0, settings.maxFiles - files.length))) {
      const problem = checkFile(file, settings);
      if (problem) {
        problems.push({
          id: `rejected-${++nextRejectedId}`,
          name: file.name,
          size: file.size,
          mimetype: file.type,
          status: 'failed',
          progress: 0,
          error: problem,
        });
      } else accepted.push(file);
    }
    if (problems.length > 0) setRejected((items) => [...items, ...problems]);
    if (accepted.length > 0) onChange([...files, ...accepted]);
  };
  const onRemove = (item: FileViewItem) => {
    if (item.id.startsWith('rejected-')) {
      setRejected((items) => items.filter((candidate) => candidate.id !== item.id));
      return;
    }
    const index = Number(item.id.slice('local-'.length));
    onChange(files.filter((_, position) => position !== index));
  };

  const items: FileViewItem[] = [
    ...files.map((file, index) => ({
      id: `local-${index}`,
      name: file.name,
      size: file.size,
      mimetype: file.type,
      date: file.lastModified,
      url: urls[index],
      status: 'done' as const,
      progress: 100,
    })),
    ...rejected,
  ];
  return (
    <FileItemsView
      control={control}
      items={items}
      settings={{ ...settings, confirmText: settings.confirmText }}
      canAdd={canAdd}
      onFiles={onFiles}
      onRemove={onRemove}
      onBlur={onBlur}
      error={error}
      disabled={disabled}
      readOnly={readOnly}
      dir={dir}
      locale={locale}
    />
  );
}

export function LocalFileWidget(props: WidgetProps<File[] | null>): ReactNode {
  return (
    <FieldShell widget={props}>{(control) => <LocalFileControl {...props} control={control} />}</FieldShell>
  );
}
