// The admin password reset (back office §3 "Admin password reset", §5): the email read-only, a new
// password that may be generated, forceChangePwd on by default; Submit stays disabled while the
// call runs, while the form is untouched and while it is invalid. Escape closes it only untouched.
import { Button } from '@mantine/core';
import { modals } from '@mantine/modals';
import { DynamicForm, type FormDefinition, useFormEngine } from '@tabayyun/forms';
import { useEffect, useMemo, useRef, useState } from 'react';

export const PASSWORD_STRENGTH = { lower: 1, upper: 1, digit: 1, special: 1 };

export interface ResetPasswordTexts {
  title: string;
  email: string;
  newPassword: string;
  forceChangePwd: string;
  submit: string;
}

export function resetPasswordDefinition(t: ResetPasswordTexts): FormDefinition {
  return {
    name: 'reset-password',
    fields: [
      { type: 'email', name: 'email', inputs: { label: t.email, readonly: true } },
      {
        type: 'password',
        name: 'new_password',
        inputs: { label: t.newPassword, required: true, generate: true, strength: PASSWORD_STRENGTH },
        validations: [{ name: 'minLength', arguments: 8 }],
      },
      { type: 'switch', name: 'forceChangePwd', inputs: { label: t.forceChangePwd } },
    ],
  };
}

/** Opens the dialog; `onSubmit` resolves when saved (the dialog closes) or throws (it stays open). */
export function openResetPasswordDialog(opts: {
  email: string;
  texts: ResetPasswordTexts;
  onSubmit: (values: { email: string; new_password: string; forceChangePwd: boolean }) => Promise<boolean>;
}): void {
  const modalId = `reset-password-${Date.now()}`;
  modals.open({
    modalId,
    title: opts.texts.title,
    size: '90%',
    styles: { content: { maxWidth: 625, maxHeight: '95vh' } },
    centered: true,
    closeOnClickOutside: false,
    closeOnEscape: false,
    children: (
      <ResetPasswordForm
        email={opts.email}
        texts={opts.texts}
        onSubmit={opts.onSubmit}
        onClose={() => modals.close(modalId)}
      />
    ),
  });
}

function ResetPasswordForm({
  email,
  texts,
  onSubmit,
  onClose,
}: {
  email: string;
  texts: ResetPasswordTexts;
  onSubmit: (values: { email: string; new_password: string; forceChangePwd: boolean }) => Promise<boolean>;
  onClose: () => void;
}) {
  const definition = useMemo(() => resetPasswordDefinition(texts), [texts]);
  const [loading, setLoading] = useState(false);
  const engine = useFormEngine(definition, {
    initialValues: { email, new_password: '', forceChangePwd: true },
    onSubmit: async (values) => {
      setLoading(true);
      try {
        const done = await onSubmit({
          email,
          new_password: String(values.new_password ?? ''),
          forceChangePwd: values.forceChangePwd !== false,
        });
        if (done) onClose();
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
  return (
    <DynamicForm
      definition={definition}
      engine={engine}
      hideSubmit
      actions={
        <Button type="submit" loading={loading} disabled={loading || untouched || !engine.isValid}>
          {texts.submit}
        </Button>
      }
    />
  );
}
