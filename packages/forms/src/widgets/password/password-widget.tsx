import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { controlAria, fieldPlaceholder, fieldShellProps } from '../../engine/field-shell.tsx';
import { useReportWidgetError } from '../../engine/forms-context.tsx';
import { translate } from '../../i18n/texts.ts';
import type { WidgetProps } from '../../types.ts';
import { generatePassword, type PasswordStrength } from '../../validators/password-strength.ts';

/**
 * A password box with a show/hide toggle. `inputs.strength` adds the strength rules (validated by
 * the engine), `inputs.confirm` a confirm box that must match, `inputs.generate` a button that
 * fills both with a random password meeting the rules. Value: string.
 */
export function PasswordWidget(props: WidgetProps<string | null | undefined>) {
  const inputs = props.field.inputs ?? {};
  const hasConfirm = Boolean(inputs.confirm);
  const canGenerate = Boolean(inputs.generate);
  const strength = (inputs.strength ?? {}) as PasswordStrength;
  const [isVisible, setVisible] = useState(false);
  const [confirm, setConfirm] = useState('');
  const [isConfirmTouched, setConfirmTouched] = useState(false);
  const report = useReportWidgetError();
  const password = props.value ?? '';
  const isMismatch = hasConfirm && password !== confirm && (password !== '' || confirm !== '');
  useEffect(() => {
    if (hasConfirm) report(isMismatch ? { key: 'passwordMismatch' } : null);
  }, [hasConfirm, isMismatch, report]);
  useEffect(() => () => report(null), [report]);

  const mismatchText = translate(props.locale, 'passwordMismatch');
  // The mismatch belongs under the confirm box, not under the password.
  const isMismatchShown = props.error === mismatchText;
  const passwordError = isMismatchShown ? undefined : props.error;
  const confirmError = isMismatch && (isConfirmTouched || isMismatchShown) ? mismatchText : undefined;
  const toggleLabel = translate(props.locale, isVisible ? 'hidePassword' : 'showPassword');
  const isLocked = props.disabled || props.readOnly;

  return (
    <Stack gap="xs" dir={props.dir}>
      <PasswordInput
        {...fieldShellProps({ ...props, error: passwordError })}
        // Mantine's PasswordInput does not link its error and hint to the input: do it here.
        {...controlAria({ ...props, error: passwordError })}
        visible={isVisible}
        onVisibilityChange={setVisible}
        visibilityToggleButtonProps={{ 'aria-label': toggleLabel, title: toggleLabel }}
        visibilityToggleFocusable
        autoComplete="new-password"
        value={password}
        onChange={(event) => props.onChange(event.currentTarget.value)}
        onBlur={props.onBlur}
        placeholder={fieldPlaceholder(props)}
        disabled={props.disabled}
        readOnly={props.readOnly}
      />
      {hasConfirm ? (
        <PasswordInput
          id={`${props.id}-confirm`}
          label={translate(props.locale, 'confirmPassword')}
          withAsterisk={props.required}
          required={props.required}
          error={confirmError}
          errorProps={{ role: 'alert' }}
          aria-invalid={confirmError ? true : undefined}
          aria-describedby={confirmError ? `${props.id}-confirm-error` : undefined}
          visible={isVisible}
          onVisibilityChange={setVisible}
          visibilityToggleButtonProps={{ 'aria-label': toggleLabel, title: toggleLabel }}
          autoComplete="new-password"
          value={confirm}
          onChange={(event) => setConfirm(event.currentTarget.value)}
          onBlur={() => setConfirmTouched(true)}
          disabled={props.disabled}
          readOnly={props.readOnly}
        />
      ) : null}
      {canGenerate ? (
        <Group>
          <Button
            variant="light"
            size="xs"
            disabled={isLocked}
            onClick={() => {
              const generated = generatePassword(strength);
              props.onChange(generated);
              setConfirm(generated);
              setVisible(true);
            }}
          >
            {translate(props.locale, 'generatePassword')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
