// The form dialogs of the administration screens: the platform's form dialog (90 % up to 750 px,
// 625 px small, 95vh, no outside click, Escape only while untouched) with a close button that has a
// name in the interface language, and an optional Submit that stays disabled while the call runs,
// while the form is untouched and while it is invalid (back office §5, the password reset).
import { Button } from '@mantine/core';
import { modals } from '@mantine/modals';
import { DynamicForm, type FormDefinition, type FormValues, useFormEngine } from '@tabayyun/forms';
import { useEffect, useRef, useState } from 'react';

export const PASSWORD_STRENGTH = { lower: 1, upper: 1, digit: 1, special: 1 };

let dialogCount = 0;

export interface PanelDialogOptions {
  title: string;
  definition: FormDefinition;
  initialValues?: FormValues;
  submitLabel: string;
  closeLabel: string;
  small?: boolean;
  /** Submit disabled while loading, untouched or invalid (else it is always enabled). */
  strictSubmit?: boolean;
  /** true closes the dialog; false keeps it open (the caller showed why). */
  onSubmit: (values: FormValues) => Promise<boolean>;
}

export function openPanelFormDialog(opts: PanelDialogOptions): void {
  dialogCount += 1;
  const modalId = `panel-form-dialog-${dialogCount}`;
  modals.open({
    modalId,
    title: opts.title,
    size: '90%',
    styles: { content: { maxWidth: opts.small ? 625 : 750, maxHeight: '95vh' } },
    centered: true,
    closeOnClickOutside: false,
    closeOnEscape: false,
    closeButtonProps: { 'aria-label': opts.closeLabel },
    children: <PanelForm opts={opts} onClose={() => modals.close(modalId)} />,
  });
}

function PanelForm({ opts, onClose }: { opts: PanelDialogOptions; onClose: () => void }) {
  const [loading, setLoading] = useState(false);
  const engine = useFormEngine(opts.definition, {
    ...(opts.initialValues ? { initialValues: opts.initialValues } : {}),
    onSubmit: async (values) => {
      setLoading(true);
      try {
        if (await opts.onSubmit(values)) onClose();
      } finally {
        setLoading(false);
      }
    },
  });
  const untouched = !(engine.isTouched || engine.isDirty);
  const untouchedRef = useRef(untouched);
  untouchedRef.current = untouched;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && untouchedRef.current) onClose();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [onClose]);
  const disabled = loading || (opts.strictSubmit === true && (untouched || !engine.isValid));
  return (
    <DynamicForm
      definition={opts.definition}
      engine={engine}
      hideSubmit
      actions={
        <Button type="submit" loading={loading} disabled={disabled} data-testid="dialog-submit">
          {opts.submitLabel}
        </Button>
      }
    />
  );
}
