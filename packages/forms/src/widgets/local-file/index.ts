import { LocalFileWidget } from './local-file-widget.tsx';

export { LocalFileWidget };
export default LocalFileWidget;
