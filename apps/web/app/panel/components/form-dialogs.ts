// Screens decide after a save whether their dialog closes: `true` closes it; `false` keeps it open
// (the screen already showed why). openFormDialog keeps a dialog open when its onSubmit throws.
import type { FormValues } from '@tabayyun/forms';

class KeepDialogOpen extends Error {}

export function keepOpenUnless(save: (values: FormValues) => Promise<boolean>) {
  return async (values: FormValues): Promise<void> => {
    if (!(await save(values))) throw new KeepDialogOpen('kept open');
  };
}

/** Swallows the "keep open" signal; anything else was thrown by the save itself and is logged. */
export function ignoreKeepOpen(error: unknown): void {
  if (!(error instanceof KeepDialogOpen)) console.error('dialog save failed', error);
}
