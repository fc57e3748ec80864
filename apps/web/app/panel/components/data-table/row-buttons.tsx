// A row's Edit and Delete buttons, named after the row ("Edit Lina") so a screen reader can tell
// the rows apart; Delete in a red that meets WCAG AA in either theme.
import { Button, useComputedColorScheme } from '@mantine/core';
import { COMMON_TEXTS } from '../../i18n/common.ts';
import { useTexts } from '../../i18n/i18n.tsx';

/** Red text at AA contrast on the light and the dark body. */
export function useDangerColor(): string {
  return useComputedColorScheme('light') === 'dark' ? 'red.3' : 'red.9';
}

export function EditButton({ label, onClick }: { label: string; onClick: () => void }) {
  const common = useTexts(COMMON_TEXTS);
  return (
    <Button size="compact-sm" variant="subtle" aria-label={label} onClick={onClick} data-action="edit">
      {common.edit}
    </Button>
  );
}

export function DeleteButton({ label, onClick }: { label: string; onClick: () => void }) {
  const common = useTexts(COMMON_TEXTS);
  const danger = useDangerColor();
  return (
    <Button
      size="compact-sm"
      variant="subtle"
      c={danger}
      aria-label={label}
      onClick={onClick}
      data-action="delete"
    >
      {common.delete}
    </Button>
  );
}
