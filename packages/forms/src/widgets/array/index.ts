import { ArrayWidget } from './array-widget.tsx';

export type { Row, RowEditorProps } from './row-editor.tsx';
export { PlainRowEditor, ROW_DIALOG_MAX_WIDTH, ROW_DIALOG_WIDTH } from './row-editor.tsx';
export { ARRAY_VALUE_ERROR, assertRows, DELETE_CONFIRMATION } from './rows-widget.tsx';
export { ArrayWidget };
export default ArrayWidget;
