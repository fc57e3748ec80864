// Form dialogs (platform §2): 90% wide up to 750px (625px for small add dialogs), at most 95vh
// tall, never closed by a click outside; Escape closes only while the form is untouched, so a
// stray key press cannot throw away the user's typing.

import { Button } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useEffect, useRef, useState } from 'react';
import { DynamicForm } from '../engine/dynamic-form.tsx';
import { type FormEngineOptions, type FormValues, useFormEngine } from '../engine/use-form-engine.ts';
import { type Locale, translate } from '../i18n/texts.ts';
import type { FormDefinition } from '../types.ts';

export const FORM_DIALOG_MAX_WIDTH = 750;
export const FORM_DIALOG_SMALL_MAX_WIDTH = 625;

export interface FormDialogOptions extends Omit<FormEngineOptions, 'onSubmit'> {
  title?: string;
  /** The small add dialog, 625px wide at most. */
  small?: boolean;
  /** Saves the values; the dialog stays open (and the promise pending) if it throws. */
  onSubmit?: (values: FormValues) => unknown;
  onSubmitError?: (error: unknown) => void;
  submitLabel?: string;
  /** The submit button stays disabled while the save runs, while the form is untouched and while it
   * is invalid (back office §5: the admin password reset). */
  strictSubmit?: boolean;
}

let dialogCount = 0;

/** The page's language (the app sets <html lang>), for texts drawn outside the form's context. */
function documentLocale(): Locale {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang.slice(0, 2);
  return lang === 'ar' || lang === 'tr' ? lang : 'en';
}

/** Opens a form in a dialog; resolves with the submitted values, or undefined when dismissed. */
export function openFormDialog(
  definition: FormDefinition,
  options: FormDialogOptions = {},
): Promise<FormValues | undefined> {
  dialogCount += 1;
  const modalId = `form-dialog-${dialogCount}`;
  return new Promise((resolve) => {
    let isSettled = false;
    const settle = (values: FormValues | undefined) => {
      if (isSettled) return;
      isSettled = true;
      resolve(values);
    };
    modals.open({
      modalId,
      title: options.title,
      size: '90%',
      styles: {
        content: {
          maxWidth: options.small ? FORM_DIALOG_SMALL_MAX_WIDTH : FORM_DIALOG_MAX_WIDTH,
          maxHeight: '95vh',
        },
      },
      centered: true,
      // The close button is named in the form's language (axe: button-name).
      closeButtonProps: { 'aria-label': translate(options.locale ?? documentLocale(), 'close') },
      closeOnClickOutside: false,
      // FormDialogContent handles Escape itself: it depends on whether the form was touched.
      closeOnEscape: false,
      onClose: () => settle(undefined),
      children: (
        <FormDialogContent
          definition={definition}
          options={options}
          onDone={(values) => {
            settle(values);
            modals.close(modalId);
          }}
          onDismiss={() => modals.close(modalId)}
        />
      ),
    });
  });
}

interface FormDialogContentProps {
  definition: FormDefinition;
  options: FormDialogOptions;
  onDone(values: FormValues): void;
  onDismiss(): void;
}

function FormDialogContent({ definition, options, onDone, onDismiss }: FormDialogContentProps) {
  const {
    onSubmit,
    onSubmitError,
    submitLabel,
    strictSubmit,
    title: _title,
    small: _small,
    ...engineOptions
  } = options;
  const [isSaving, setSaving] = useState(false);
  const engine = useFormEngine(definition, {
    ...engineOptions,
    ...(onSubmit
      ? {
          onSubmit: async (...args: Parameters<NonNullable<FormEngineOptions['onSubmit']>>) => {
            setSaving(true);
            try {
              return await (onSubmit as NonNullable<FormEngineOptions['onSubmit']>)(...args);
            } finally {
              setSaving(false);
            }
          },
        }
      : {}),
  });
  const isUntouched = !(engine.isTouched || engine.isDirty);
  const isTouchedRef = useRef(engine.isTouched || engine.isDirty);
  isTouchedRef.current = engine.isTouched || engine.isDirty;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !isTouchedRef.current) onDismiss();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [onDismiss]);
  const strictButton = strictSubmit ? (
    <Button type="submit" loading={isSaving} disabled={isSaving || isUntouched || !engine.isValid}>
      {submitLabel ?? translate(engine.locale, 'submit')}
    </Button>
  ) : undefined;
  return (
    <DynamicForm
      definition={definition}
      engine={engine}
      {...(strictButton ? { hideSubmit: true, actions: strictButton } : {})}
      {...(submitLabel ? { submitLabel } : {})}
      {...(onSubmitError ? { onSubmitError } : {})}
      onResult={(result) => {
        if (result.submitted) onDone(result.values);
      }}
    />
  );
}
