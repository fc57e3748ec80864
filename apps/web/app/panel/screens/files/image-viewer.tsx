// The image viewer dialog (platform §2): the full image, its name, a close button.
import { Modal } from '@mantine/core';
import { useTexts } from '../../i18n/i18n.tsx';
import { FileImage } from './file-image.tsx';
import type { FileRecord } from './file-utils.ts';
import { FILE_TEXTS } from './texts.ts';

export function ImageViewer({ file, onClose }: { file: FileRecord | null; onClose(): void }) {
  const t = useTexts(FILE_TEXTS);
  return (
    <Modal
      opened={file !== null}
      onClose={onClose}
      title={file ? <bdi>{file.originalname}</bdi> : t.imageViewer}
      size="auto"
      centered
      closeButtonProps={{ 'aria-label': t.close }}
      styles={{ title: { overflowWrap: 'anywhere', fontWeight: 600 } }}
      data-testid="image-viewer"
    >
      {file ? (
        <FileImage
          path={file.path}
          mimetype={file.mimetype}
          alt={file.originalname}
          style={{
            display: 'block',
            maxWidth: '100%',
            maxHeight: '75vh',
            objectFit: 'contain',
            marginInline: 'auto',
          }}
        />
      ) : null}
    </Modal>
  );
}
