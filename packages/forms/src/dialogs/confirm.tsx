// The confirm dialog (platform §2): title Confirm, text 'Do you confirm?', buttons Discard and
// Confirm; 90% wide up to 450px; enters in 150 ms, leaves in 75 ms. Resolves true on Confirm,
// false on Discard, Escape or a backdrop click.
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { type Locale, translate } from '../i18n/texts.ts';

export const CONFIRM_DIALOG_MAX_WIDTH = 450;
export const CONFIRM_DIALOG_ENTER_MS = 150;
export const CONFIRM_DIALOG_EXIT_MS = 75;

export interface ConfirmOptions {
  title?: ReactNode;
  text?: ReactNode;
  discard?: string;
  confirm?: string;
  /** Translates the default texts; English by default, as the spec words them. */
  locale?: Locale;
  /** Colours the confirm button (e.g. 'red' for a deletion). */
  confirmColor?: string;
}

export function confirm(options: ConfirmOptions = {}): Promise<boolean> {
  const locale = options.locale ?? 'en';
  return new Promise((resolve) => {
    let isSettled = false;
    const settle = (answer: boolean) => {
      if (isSettled) return;
      isSettled = true;
      resolve(answer);
    };
    modals.openConfirmModal({
      title: options.title ?? translate(locale, 'confirmTitle'),
      children: <Text size="sm">{options.text ?? translate(locale, 'confirmText')}</Text>,
      labels: {
        cancel: options.discard ?? translate(locale, 'discard'),
        confirm: options.confirm ?? translate(locale, 'confirm'),
      },
      ...(options.confirmColor ? { confirmProps: { color: options.confirmColor } } : {}),
      // Discard and Confirm only (platform §2): a corner ✕ would be a third, unnamed button (axe
      // button-name) or a second Discard. Escape and a backdrop click still discard.
      withCloseButton: false,
      size: '90%',
      styles: { content: { maxWidth: CONFIRM_DIALOG_MAX_WIDTH } },
      centered: true,
      transitionProps: { duration: CONFIRM_DIALOG_ENTER_MS, exitDuration: CONFIRM_DIALOG_EXIT_MS },
      onConfirm: () => settle(true),
      onCancel: () => settle(false),
      onClose: () => settle(false),
    });
  });
}

/** The delete confirmation (platform §8): 'Delete', 'Are you sure you want to delete this item?'. */
export function confirmDelete(options: Pick<ConfirmOptions, 'locale' | 'text'> = {}): Promise<boolean> {
  const locale = options.locale ?? 'en';
  return confirm({
    locale,
    title: translate(locale, 'deleteTitle'),
    text: options.text ?? translate(locale, 'deleteText'),
    discard: translate(locale, 'keepIt'),
    confirm: translate(locale, 'delete'),
    confirmColor: 'red.9',
  });
}

/** The removal question (platform §4): 'Are you sure?' with Cancel and Proceed. */
export function confirmProceed(
  options: Pick<ConfirmOptions, 'locale' | 'title' | 'text'> = {},
): Promise<boolean> {
  const locale = options.locale ?? 'en';
  return confirm({
    locale,
    ...(options.title ? { title: options.title } : {}),
    text: options.text ?? translate(locale, 'areYouSure'),
    discard: translate(locale, 'cancel'),
    confirm: translate(locale, 'proceed'),
  });
}
