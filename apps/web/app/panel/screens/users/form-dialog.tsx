// The form dialogs of the administration screens: the platform's form dialog of @tabayyun/forms,
// with the strict Submit of back office §5 where asked (disabled while the call runs, while the form
// is untouched and while it is invalid: the password reset).
import { type FormDefinition, type FormValues, openFormDialog } from '@tabayyun/forms';
import { ignoreKeepOpen, keepOpenUnless } from '../../components/form-dialogs.ts';

export const PASSWORD_STRENGTH = { lower: 1, upper: 1, digit: 1, special: 1 };

export interface PanelDialogOptions {
  title: string;
  definition: FormDefinition;
  initialValues?: FormValues;
  submitLabel: string;
  small?: boolean;
  /** Submit disabled while loading, untouched or invalid (else it is always enabled). */
  strictSubmit?: boolean;
  /** true closes the dialog; false keeps it open (the caller showed why). */
  onSubmit: (values: FormValues) => Promise<boolean>;
}

export function openPanelFormDialog(opts: PanelDialogOptions): void {
  void openFormDialog(opts.definition, {
    title: opts.title,
    ...(opts.initialValues ? { initialValues: opts.initialValues } : {}),
    submitLabel: opts.submitLabel,
    ...(opts.small ? { small: true } : {}),
    ...(opts.strictSubmit ? { strictSubmit: true } : {}),
    onSubmit: keepOpenUnless(opts.onSubmit),
    onSubmitError: ignoreKeepOpen,
  });
}
