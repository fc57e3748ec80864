// The row dialog of `array` and `table`: `inputs.rowEditor` when given, else a plain renderer
// drawing each row field as a Mantine input by its type (text, number, select, textarea, switch).
import { Button, Group, Modal, NumberInput, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { type ComponentType, type ReactNode, useState } from 'react';
import type { FieldDefinition, WidgetProps } from '../../types.ts';
import { COMBOBOX_PROPS } from '../combobox.ts';
import { growingTextareaProps, TEXTAREA_MAX_ROWS, TEXTAREA_ROWS } from '../textarea/textarea-widget.tsx';

export type Row = Record<string, unknown>;

/** What a custom `inputs.rowEditor` receives. */
export interface RowEditorProps {
  fields: FieldDefinition[];
  value: Row;
  onChange(value: Row): void;
  dir: WidgetProps['dir'];
  locale: WidgetProps['locale'];
}

export const ROW_DIALOG_WIDTH = '90%';
export const ROW_DIALOG_MAX_WIDTH = 750;

export function fieldLabel(field: FieldDefinition): string {
  return field.inputs?.label ?? field.name;
}

/** The display text of a row cell: the option's display for select items, else the value. */
export function cellText(field: FieldDefinition, cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  const option = field.inputs?.items?.find((item) => item.value === cell);
  if (option) return option.display;
  if (typeof cell === 'boolean') return cell ? '✓' : '✗';
  return typeof cell === 'object' ? JSON.stringify(cell) : String(cell);
}

export function PlainRowEditor({ fields, value, onChange, dir }: RowEditorProps): ReactNode {
  const set = (name: string, next: unknown) => onChange({ ...value, [name]: next });
  return (
    <Stack gap="sm" dir={dir}>
      {fields
        .filter((rowField) => rowField.type !== 'hidden' && !rowField.hidden)
        .map((rowField) => {
          const common = {
            label: fieldLabel(rowField),
            required: rowField.inputs?.required === true,
            placeholder: rowField.inputs?.placeholder ?? rowField.placeholder,
          };
          const cell = value[rowField.name];
          switch (rowField.type) {
            case 'number':
              return (
                <NumberInput
                  key={rowField.name}
                  {...common}
                  value={typeof cell === 'number' ? cell : ''}
                  onChange={(next) => set(rowField.name, typeof next === 'number' ? next : null)}
                />
              );
            case 'select':
              return (
                <Select
                  key={rowField.name}
                  {...common}
                  comboboxProps={COMBOBOX_PROPS}
                  data={(rowField.inputs?.items ?? []).map((item, index) => ({
                    value: String(index),
                    label: item.display,
                  }))}
                  value={(() => {
                    const index = (rowField.inputs?.items ?? []).findIndex((item) => item.value === cell);
                    return index >= 0 ? String(index) : null;
                  })()}
                  onChange={(next) =>
                    set(rowField.name, next === null ? null : rowField.inputs?.items?.[Number(next)]?.value)
                  }
                />
              );
            case 'textarea':
              return (
                <Textarea
                  key={rowField.name}
                  {...common}
                  {...growingTextareaProps(TEXTAREA_ROWS, TEXTAREA_MAX_ROWS)}
                  value={typeof cell === 'string' ? cell : ''}
                  onChange={(event) => set(rowField.name, event.currentTarget.value)}
                />
              );
            case 'switch':
              return (
                <Switch
                  key={rowField.name}
                  label={common.label}
                  checked={cell === true}
                  onChange={(event) => set(rowField.name, event.currentTarget.checked)}
                />
              );
            default:
              return (
                <TextInput
                  key={rowField.name}
                  {...common}
                  value={cell === null || cell === undefined ? '' : String(cell)}
                  onChange={(event) => set(rowField.name, event.currentTarget.value)}
                />
              );
          }
        })}
    </Stack>
  );
}

export interface RowDialogProps {
  opened: boolean;
  title: string;
  fields: FieldDefinition[];
  initial: Row;
  editor?: ComponentType<RowEditorProps>;
  onSave(row: Row): void;
  onClose(): void;
  dir: WidgetProps['dir'];
  locale: WidgetProps['locale'];
  saveLabel: string;
  cancelLabel: string;
  /** The accessible name of the dialog's close (×) button, in the form's locale. */
  closeLabel: string;
}

export function RowDialog({
  opened,
  title,
  fields,
  initial,
  editor: Editor = PlainRowEditor,
  onSave,
  onClose,
  dir,
  locale,
  saveLabel,
  cancelLabel,
  closeLabel,
}: RowDialogProps): ReactNode {
  const [draft, setDraft] = useState<Row>(initial);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      closeButtonProps={{ 'aria-label': closeLabel }}
      size={ROW_DIALOG_WIDTH}
      styles={{ content: { maxWidth: ROW_DIALOG_MAX_WIDTH } }}
      dir={dir}
      centered
    >
      <Editor fields={fields} value={draft} onChange={setDraft} dir={dir} locale={locale} />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {cancelLabel}
        </Button>
        <Button onClick={() => onSave(draft)}>{saveLabel}</Button>
      </Group>
    </Modal>
  );
}
