// The news desk's form dialog: the platform's form dialog (90 % up to 750 px, 625 px small, 95vh, no
// outside click, Escape only while untouched) with a close button named in the interface language
// (openFormDialog of @tabayyun/forms leaves it unnamed).
import { modals } from '@mantine/modals';
import {
  type DataAdapter,
  DynamicForm,
  type FormDefinition,
  type FormValues,
  useFormEngine,
} from '@tabayyun/forms';
import { useEffect, useRef } from 'react';

let dialogCount = 0;

export interface DeskDialogOptions {
  title: string;
  definition: FormDefinition;
  initialValues: FormValues;
  closeLabel: string;
  adapter: DataAdapter;
  locale: 'ar' | 'en';
  dir: 'rtl' | 'ltr';
  small?: boolean;
  /** true closes the dialog; false keeps it open (a toast said why). */
  onSubmit: (values: FormValues) => Promise<boolean>;
}

export function openDeskFormDialog(opts: DeskDialogOptions): void {
  dialogCount += 1;
  const modalId = `desk-form-dialog-${dialogCount}`;
  modals.open({
    modalId,
    title: opts.title,
    size: '90%',
    styles: { content: { maxWidth: opts.small ? 625 : 750, maxHeight: '95vh' } },
    centered: true,
    closeOnClickOutside: false,
    closeOnEscape: false,
    closeButtonProps: { 'aria-label': opts.closeLabel },
    children: <DeskForm opts={opts} onClose={() => modals.close(modalId)} />,
  });
}

function DeskForm({ opts, onClose }: { opts: DeskDialogOptions; onClose: () => void }) {
  const engine = useFormEngine(opts.definition, {
    initialValues: opts.initialValues,
    adapter: opts.adapter,
    locale: opts.locale,
    dir: opts.dir,
    onSubmit: async (values) => {
      if (await opts.onSubmit(values)) onClose();
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
  return <DynamicForm definition={opts.definition} engine={engine} />;
}
