// Toasts (platform §2, §8): at the top; success 3 s, failed and warning 5 s, a save failure 15 s;
// warning and error toasts carry the classes `warning` and `error`.
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { type Locale, translate } from '../i18n/texts.ts';

export const TOAST_DURATIONS = { success: 3000, failed: 5000, warning: 5000, saveFailed: 15000 } as const;
export const TOAST_POSITION = 'top-center';

export function showSuccessToast(message: ReactNode): string {
  return notifications.show({
    message,
    color: 'green',
    autoClose: TOAST_DURATIONS.success,
    position: TOAST_POSITION,
  });
}

export function showFailedToast(message: ReactNode): string {
  return notifications.show({
    message,
    color: 'red',
    className: 'error',
    autoClose: TOAST_DURATIONS.failed,
    position: TOAST_POSITION,
  });
}

export function showWarningToast(message: ReactNode): string {
  return notifications.show({
    message,
    color: 'yellow',
    className: 'warning',
    autoClose: TOAST_DURATIONS.warning,
    position: TOAST_POSITION,
  });
}

/** 'Saved successfully'. */
export function showSavedToast(locale: Locale = 'en'): string {
  return showSuccessToast(translate(locale, 'savedSuccessfully'));
}

/** 'Failed! {message}', error style, for 15 s. */
export function showSaveFailedToast(message: string, locale: Locale = 'en'): string {
  return notifications.show({
    message: translate(locale, 'saveFailed', { message }),
    color: 'red',
    className: 'error',
    autoClose: TOAST_DURATIONS.saveFailed,
    position: TOAST_POSITION,
  });
}
