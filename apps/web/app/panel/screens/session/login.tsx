// /panel/login (spec §2, §5): email, password, remember me (on by default). A sign-in that answers a
// reset token goes to the forced password change; otherwise back to the page asked for.
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { DynamicForm, type FormDefinition, showFailedToast } from '@tabayyun/forms';
import { useMemo, useState } from 'react';
import { Link, redirect, useNavigate, useSearchParams } from 'react-router';
import { useTexts } from '../../i18n/i18n.tsx';
import { isApiError } from '../../lib/http.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { sessionManager } from '../../lib/session.ts';
import {
  type SecondFactorChallenge,
  type SecondStepResult,
  secondFactorChallengeOf,
} from '../../lib/two-factor.ts';
import { safeNext } from '../../shell/login-redirect.ts';
import { CenteredLayout } from './centered-layout.tsx';
import { PasskeySignInButton, SecondFactorStep } from './second-factor-step.tsx';
import { SESSION_TEXTS } from './session-texts.ts';

export async function clientLoader({ request }: { request: Request }) {
  const session = sessionManager();
  if (session.hasSession() && (await session.accessToken())) {
    throw redirect(safeNext(new URL(request.url).searchParams.get('next')));
  }
  return null;
}

export default function LoginScreen() {
  const t = useTexts(SESSION_TEXTS);
  usePageTitle(t.loginTitle);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  // A password of an account with a second factor: the second step (ADR 042).
  const [step, setStep] = useState<
    { challenge: SecondFactorChallenge; email: string; rememberMe: boolean } | undefined
  >();
  // Signed in by the second step or a passkey; a password an administrator reset must change first.
  const afterSecondStep = (result: SecondStepResult, email = '', rememberMe = true) =>
    result.kind === 'reset-required'
      ? navigate('/panel/change-password', {
          state: { resetToken: result.resetToken, email, rememberMe, next },
        })
      : navigate(next, { replace: true });
  const definition = useMemo<FormDefinition>(
    () => ({
      name: 'login',
      fields: [
        {
          type: 'email',
          name: 'email',
          inputs: { label: t.email, required: true, autoComplete: 'username' },
          validations: [{ name: 'email' }],
        },
        {
          type: 'password',
          name: 'password',
          inputs: { label: t.password, required: true, autoComplete: 'current-password' },
        },
        { type: 'switch', name: 'rememberMe', inputs: { label: t.rememberMe } },
      ],
    }),
    [t],
  );

  const onSubmit = async (values: Record<string, unknown>) => {
    const email = String(values.email ?? '');
    try {
      const result = await sessionManager().signIn({
        email,
        password: String(values.password ?? ''),
        rememberMe: values.rememberMe !== false,
      });
      if (result.kind === 'reset-required') {
        navigate('/panel/change-password', {
          state: { resetToken: result.resetToken, email, rememberMe: values.rememberMe !== false, next },
        });
        return;
      }
      navigate(next, { replace: true });
    } catch (error) {
      const challenge = secondFactorChallengeOf(error);
      if (challenge) {
        setStep({ challenge, email, rememberMe: values.rememberMe !== false });
        return;
      }
      const code = isApiError(error) ? error.code : '';
      showFailedToast(code && code !== 'INVALID_CREDENTIALS' ? `${t.loginFailed} (${code})` : t.loginFailed);
    }
  };

  if (step) {
    return (
      <CenteredLayout>
        <SecondFactorStep
          challenge={step.challenge}
          rememberMe={step.rememberMe}
          onSignedIn={(result) => afterSecondStep(result, step.email, step.rememberMe)}
          onStartOver={() => setStep(undefined)}
        />
      </CenteredLayout>
    );
  }
  return (
    <CenteredLayout>
      <Stack gap="md">
        <Title order={1} size="h3">
          {t.loginHeading}
        </Title>
        <DynamicForm
          definition={definition}
          initialValues={{ email: '', password: '', rememberMe: true }}
          onSubmit={onSubmit}
          submitLabel={t.login}
        />
        <PasskeySignInButton rememberMe onSignedIn={(result) => afterSecondStep(result)} />
        <Text size="sm">
          <Anchor component={Link} to="/panel/forgot-password">
            {t.forgotPassword}
          </Anchor>
        </Text>
      </Stack>
    </CenteredLayout>
  );
}
