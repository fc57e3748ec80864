// The `table` widget: the rows of `field.fields` in a Mantine Table with edit and delete actions.
import type { ReactNode } from 'react';
import { type ControlAria, FieldShell } from '../../engine/field-shell.tsx';
import type { WidgetProps } from '../../types.ts';
import type { Row } from '../array/row-editor.tsx';
import { RowsWidget } from '../array/rows-widget.tsx';

function TableControl(props: WidgetProps<Row[] | null> & { control: ControlAria }): ReactNode {
  return <RowsWidget {...props} layout="table" />;
}

export function TableWidget(props: WidgetProps<Row[] | null>): ReactNode {
  return <FieldShell widget={props}>{(control) => <TableControl {...props} control={control} />}</FieldShell>;
}
