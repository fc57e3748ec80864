// The `array` widget: the rows of `field.fields` as cards, edited in a dialog.
import type { ReactNode } from 'react';
import { type ControlAria, FieldShell } from '../../engine/field-shell.tsx';
import type { WidgetProps } from '../../types.ts';
import type { Row } from './row-editor.tsx';
import { RowsWidget } from './rows-widget.tsx';

function ArrayControl(props: WidgetProps<Row[] | null> & { control: ControlAria }): ReactNode {
  return <RowsWidget {...props} layout="list" />;
}

export function ArrayWidget(props: WidgetProps<Row[] | null>): ReactNode {
  return <FieldShell widget={props}>{(control) => <ArrayControl {...props} control={control} />}</FieldShell>;
}
