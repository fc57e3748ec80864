// Setting a new password with a reset token: the mailed link (/panel/reset-password?reset_token=…)
// and the forced change after a sign-in that answered a reset token (/panel/change-password).
import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { DynamicForm, type FormDefinition, showFailedToast, showSuccessToast } from '@tabayyun/forms';
import { useMemo } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { COMMON_TEXTS } from '../../i18n/common.ts';
import { useTexts } from '../../i18n/i18n.tsx';
import { describeError, failureMessage } from '../../lib/errors.ts';
import { isApiError } from '../../lib/http.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { sessionManager } from '../../lib/session.ts';
import { safeNext } from '../../shell/login-redirect.ts';
import { CenteredLayout } from './centered-layout.tsx';
import { SESSION_TEXTS } from './session-texts.ts';

interface ForcedChangeState {
  resetToken: string;
  email: string;
  rememberMe: boolean;
  next: string;
}

export function NewPasswordScreen({ mode }: { mode: 'reset' | 'forced' }) {
  const t = useTexts(SESSION_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  usePageTitle(mode === 'forced' ? t.changeTitle : t.resetTitle);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const state = useLocation().state as ForcedChangeState | null;
  const resetToken = mode === 'forced' ? state?.resetToken : params.get('reset_token');
  const definition = useMemo<FormDefinition>(
    () => ({
      name: 'new-password',
      fields: [
        {
          type: 'password',
          name: 'password',
          inputs: {
            label: t.newPassword,
            required: true,
            confirm: true,
            generate: true,
            autoComplete: 'new-password',
            strength: { lower: 1, upper: 1, digit: 1, special: 1 },
          },
          validations: [{ name: 'minLength', arguments: 8 }],
        },
      ],
    }),
    [t],
  );

  if (!resetToken) {
    return (
      <CenteredLayout>
        <Stack>
          <Alert color="red" role="alert">
            {t.resetLinkMissing}
          </Alert>
          <Anchor component={Link} to="/panel/forgot-password">
            {t.forgotPassword}
          </Anchor>
        </Stack>
      </CenteredLayout>
    );
  }

  const onSubmit = async (values: Record<string, unknown>) => {
    const password = String(values.password ?? '');
    try {
      await sessionManager().resetPassword(resetToken, password);
    } catch (error) {
      showFailedToast(
        isApiError(error) && error.status === 400
          ? failureMessage(error)
          : describeError(error, common).message,
      );
      return;
    }
    showSuccessToast(t.passwordSet);
    if (mode === 'forced' && state) {
      // Signed in with the new password straight away: the editor asked to work, not to log in twice.
      // An account with a second factor answers SECOND_FACTOR_REQUIRED: the login page asks for it.
      const result = await sessionManager()
        .signIn({ email: state.email, password, rememberMe: state.rememberMe })
        .catch(() => undefined);
      if (result?.kind === 'signed-in') {
        navigate(safeNext(state.next), { replace: true });
        return;
      }
    }
    navigate('/panel/login', { replace: true });
  };

  return (
    <CenteredLayout>
      <Stack gap="md">
        <Title order={1} size="h3">
          {mode === 'forced' ? t.changeTitle : t.resetTitle}
        </Title>
        {mode === 'forced' ? <Text size="sm">{t.changeHint}</Text> : null}
        <DynamicForm
          definition={definition}
          initialValues={{ password: '' }}
          onSubmit={onSubmit}
          submitLabel={t.setPassword}
        />
        <Anchor component={Link} to="/panel/login" size="sm">
          {t.backToLogin}
        </Anchor>
      </Stack>
    </CenteredLayout>
  );
}

export default function ResetPasswordRoute() {
  return <NewPasswordScreen mode="reset" />;
}
