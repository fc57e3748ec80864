import { FileWidget } from './file-widget.tsx';

export type { FileItemStatus, FileViewItem } from './file-items-view.tsx';
export { FileItemsView } from './file-items-view.tsx';
export type { FileSettings, FileTypeClass, FileView } from './file-rules.ts';
export {
  checkFile,
  DEFAULT_MAX_FILE_SIZE,
  DEFAULT_MAX_FILES,
  fileTypeClass,
  formatFileDate,
  formatFileSize,
  isAccepted,
  NO_FILE_UPLOADED,
  readFileSettings,
} from './file-rules.ts';
export { pickUploadedRecord } from './file-widget.tsx';
export { FileWidget };
export default FileWidget;
