import { TableWidget } from './table-widget.tsx';

export { TableWidget };
export default TableWidget;
