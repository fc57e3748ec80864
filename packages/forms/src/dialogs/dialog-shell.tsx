// The generic dialog wrapper (platform §2): optional title, header, footer and close button;
// Escape or a backdrop click closes it unless closing is disabled.
import { Group, Modal, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DialogShellProps {
  opened: boolean;
  onClose(): void;
  title?: ReactNode;
  header?: ReactNode;
  footer?: ReactNode;
  children?: ReactNode;
  /** Shows the × button; default true (hidden while closing is disabled). */
  withCloseButton?: boolean;
  /** No Escape, no backdrop click, no × button. */
  isCloseDisabled?: boolean;
  size?: ModalProps['size'];
  modalProps?: Partial<ModalProps>;
}

export function DialogShell({
  opened,
  onClose,
  title,
  header,
  footer,
  children,
  withCloseButton = true,
  isCloseDisabled = false,
  size,
  modalProps,
}: DialogShellProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      withCloseButton={withCloseButton && !isCloseDisabled}
      closeOnEscape={!isCloseDisabled}
      closeOnClickOutside={!isCloseDisabled}
      size={size}
      {...modalProps}
    >
      {header}
      {children}
      {footer ? (
        <Group justify="flex-end" mt="md" data-dialog-footer="">
          {footer}
        </Group>
      ) : null}
    </Modal>
  );
}
