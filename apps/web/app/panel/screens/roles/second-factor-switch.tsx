// Settings → Roles: "requires second factor" per role (ADR 042). On, the role's users must set up
// an authenticator app or a passkey before they reach anything else; the server enforces it.
import { Switch, Text } from '@mantine/core';
import { showSuccessToast } from '@tabayyun/forms';
import { useState } from 'react';
import { useWrite } from '../../components/mutations.ts';
import { defineTexts, format, useTexts } from '../../i18n/i18n.tsx';
import { apiClient } from '../../lib/api-client.ts';

export const SECOND_FACTOR_TEXTS = defineTexts({
  en: {
    column: 'Second factor',
    switchLabel: 'Requires a second factor: {name}',
    required: 'Required',
    notRequired: 'Not required',
    turnedOn: 'Users of {name} must now set up a second factor',
    turnedOff: 'Users of {name} no longer need a second factor',
  },
  ar: {
    column: 'العامل الثاني',
    switchLabel: 'يتطلّب عاملًا ثانيًا: {name}',
    required: 'مطلوب',
    notRequired: 'غير مطلوب',
    turnedOn: 'على مستخدمي دور {name} الآن إعداد عامل ثانٍ',
    turnedOff: 'لم يعد مستخدمو دور {name} بحاجة إلى عامل ثانٍ',
  },
});

export function SecondFactorSwitch(props: { id: string; name: string; on: boolean; mayUpdate: boolean }) {
  const t = useTexts(SECOND_FACTOR_TEXTS);
  const write = useWrite();
  // The switch moves at once; it goes back if the server refuses.
  const [pending, setPending] = useState<boolean | undefined>();
  if (!props.mayUpdate) return <Text size="sm">{props.on ? t.required : t.notRequired}</Text>;
  const toggle = async (value: boolean) => {
    setPending(value);
    await write(
      'role',
      () => apiClient().patch('role', props.id, [{ op: 'add', path: '/requiresSecondFactor', value }]),
      () => showSuccessToast(format(value ? t.turnedOn : t.turnedOff, { name: props.name })),
    );
    setPending(undefined);
  };
  const busy = pending !== undefined;
  return (
    <Switch
      checked={pending ?? props.on}
      disabled={busy}
      onChange={(e) => void toggle(e.currentTarget.checked)}
      aria-label={format(t.switchLabel, { name: props.name })}
      data-testid={`second-factor-${props.id}`}
    />
  );
}
