// `array` and `table` share this editor of a list of rows: add and edit in a dialog, delete after
// a confirmation; `array` lists rows as cards, `table` as a Mantine Table.
import { ActionIcon, Button, Group, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { type ComponentType, type ReactNode, useState } from 'react';
import type { ControlAria } from '../../engine/field-shell.tsx';
import { type TextKey, translate } from '../../i18n/texts.ts';
import type { WidgetProps } from '../../types.ts';
import { cellText, fieldLabel, type Row, RowDialog, type RowEditorProps } from './row-editor.tsx';

export const ARRAY_VALUE_ERROR = 'ArrayInputComponent can only be used with array values';
/** The texts of the delete confirmation: keys of translate() (i18n/texts.ts), shown in the form's locale. */
export const DELETE_CONFIRMATION = {
  title: 'deleteTitle',
  text: 'deleteText',
  keep: 'keepIt',
  delete: 'delete',
} as const satisfies Record<string, TextKey>;

/**
 * Destructive actions in red that meets WCAG AA (4.5:1) in both colour schemes. Filled: red.9 under
 * white text (5.4:1; the default red filled is red.6 in light, 3.3:1). Subtle icons: the theme's
 * `red` light colour (red.9 on light, red.0 on dark); `red.9` there would be clamped to red.6.
 */
export const DELETE_COLOR = { filled: 'red.9', subtle: 'red' } as const;

/** Throws for a value that is neither empty nor a list (platform §8). */
export function assertRows(value: unknown): Row[] {
  if (value === null || value === undefined) return [];
  if (!Array.isArray(value)) throw new Error(ARRAY_VALUE_ERROR);
  return value as Row[];
}

type Editing = { index: number | null; row: Row } | null;

export function RowsWidget({
  layout,
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
}: WidgetProps<Row[] | null> & { layout: 'list' | 'table'; control: ControlAria }): ReactNode {
  const rows = assertRows(value);
  const fields = (field.fields ?? []).filter((rowField) => rowField.type !== 'hidden' && !rowField.hidden);
  const editor =
    typeof field.inputs?.rowEditor === 'function'
      ? (field.inputs.rowEditor as ComponentType<RowEditorProps>)
      : undefined;
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const isInteractive = !disabled && !readOnly;
  const label = field.inputs?.label ?? field.name;

  const save = (row: Row) => {
    if (!editing) return;
    onChange(
      editing.index === null
        ? [...rows, row]
        : rows.map((old, index) => (index === editing.index ? row : old)),
    );
    setEditing(null);
    onBlur();
  };
  const rowActions = (index: number) =>
    isInteractive ? (
      <Group gap={4} wrap="nowrap">
        <ActionIcon
          variant="subtle"
          aria-label={translate(locale, 'editRow', { index: index + 1 })}
          onClick={() => setEditing({ index, row: { ...rows[index] } })}
        >
          ✎
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color={DELETE_COLOR.subtle}
          aria-label={translate(locale, 'deleteRow', { index: index + 1 })}
          onClick={() => setDeleting(index)}
        >
          ×
        </ActionIcon>
      </Group>
    ) : null;

  const body =
    layout === 'table' ? (
      <Table.ScrollContainer minWidth={400}>
        <Table striped withTableBorder dir={dir}>
          <Table.Thead>
            <Table.Tr>
              {fields.map((rowField) => (
                <Table.Th key={rowField.name}>{fieldLabel(rowField)}</Table.Th>
              ))}
              {isInteractive ? <Table.Th aria-label={translate(locale, 'actions')} /> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={fields.length + 1}>
                  <Text c="dimmed" size="sm">
                    {translate(locale, 'noItemsFound')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
            {rows.map((row, index) => (
              // Rows have no stable identity of their own; the position is it.
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited by position
              <Table.Tr key={index}>
                {fields.map((rowField) => (
                  <Table.Td key={rowField.name}>{cellText(rowField, row[rowField.name])}</Table.Td>
                ))}
                {isInteractive ? <Table.Td>{rowActions(index)}</Table.Td> : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    ) : (
      <Stack gap="xs">
        {rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited by position
          <Paper key={index} withBorder p="xs" aria-label={translate(locale, 'row', { index: index + 1 })}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={0}>
                {fields.map((rowField) => (
                  <Text key={rowField.name} size="sm">
                    <Text span c="dimmed" size="sm">
                      {fieldLabel(rowField)}:
                    </Text>{' '}
                    {cellText(rowField, row[rowField.name])}
                  </Text>
                ))}
              </Stack>
              {rowActions(index)}
            </Group>
          </Paper>
        ))}
      </Stack>
    );

  return (
    <Stack gap="xs" dir={dir} aria-invalid={Boolean(error)} data-readonly={readOnly || undefined}>
      {body}
      <Group>
        <Button
          {...control}
          // The field label labels this control (label for=id); its own name says what it does.
          aria-label={
            field.inputs?.label ? translate(locale, 'addRowTo', { label }) : translate(locale, 'add')
          }
          variant="light"
          disabled={!isInteractive}
          onClick={() => setEditing({ index: null, row: {} })}
          onBlur={onBlur}
        >
          {translate(locale, 'add')}
        </Button>
      </Group>
      {editing ? (
        <RowDialog
          opened
          title={label}
          fields={fields}
          initial={editing.row}
          editor={editor}
          onSave={save}
          onClose={() => setEditing(null)}
          dir={dir}
          locale={locale}
          saveLabel={translate(locale, 'submit')}
          cancelLabel={translate(locale, 'cancel')}
          closeLabel={translate(locale, 'close')}
        />
      ) : null}
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={translate(locale, DELETE_CONFIRMATION.title)}
        closeButtonProps={{ 'aria-label': translate(locale, 'close') }}
        dir={dir}
        centered
      >
        <Text mb="md">{translate(locale, DELETE_CONFIRMATION.text)}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setDeleting(null)}>
            {translate(locale, DELETE_CONFIRMATION.keep)}
          </Button>
          <Button
            color={DELETE_COLOR.filled}
            onClick={() => {
              if (deleting !== null) onChange(rows.filter((_, index) => index !== deleting));
              setDeleting(null);
            }}
          >
            {translate(locale, DELETE_CONFIRMATION.delete)}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
