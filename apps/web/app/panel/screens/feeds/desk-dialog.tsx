// The news desk's form dialogs: the platform's form dialog of @tabayyun/forms (90 % up to 750 px,
// 625 px small, 95vh, no outside click, Escape only while untouched, a named close button).
import { type DataAdapter, type FormDefinition, type FormValues, openFormDialog } from '@tabayyun/forms';
import { ignoreKeepOpen, keepOpenUnless } from '../../components/form-dialogs.ts';

export interface DeskDialogOptions {
  title: string;
  definition: FormDefinition;
  initialValues: FormValues;
  adapter: DataAdapter;
  locale: 'ar' | 'en';
  dir: 'rtl' | 'ltr';
  small?: boolean;
  /** true closes the dialog; false keeps it open (a toast said why). */
  onSubmit: (values: FormValues) => Promise<boolean>;
}

export function openDeskFormDialog(opts: DeskDialogOptions): void {
  void openFormDialog(opts.definition, {
    title: opts.title,
    initialValues: opts.initialValues,
    adapter: opts.adapter,
    locale: opts.locale,
    dir: opts.dir,
    ...(opts.small ? { small: true } : {}),
    onSubmit: keepOpenUnless(opts.onSubmit),
    onSubmitError: ignoreKeepOpen,
  });
}
