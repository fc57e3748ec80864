// The second step of a password sign-in (ADR 042): a code of the authenticator app or a recovery
// code, or a passkey; and, on the first step, "Sign in with a passkey" without a password.
import { Alert, Anchor, Button, Divider, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTexts } from '../../i18n/i18n.tsx';
import { isApiError } from '../../lib/http.ts';
import {
  passkeysSupported,
  type SecondFactorChallenge,
  type SecondStepResult,
  signInWithCode,
  signInWithPasskey,
} from '../../lib/two-factor.ts';
import { TWO_FACTOR_TEXTS } from '../profile/two-factor-texts.ts';

export function SecondFactorStep(props: {
  challenge: SecondFactorChallenge;
  rememberMe: boolean;
  onSignedIn: (result: SecondStepResult) => void;
  onStartOver: () => void;
}) {
  const t = useTexts(TWO_FACTOR_TEXTS);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const expiredOr = (error: unknown, otherwise: string) =>
    isApiError(error) && error.code === 'INVALID_MFA_TOKEN' ? t.expired : otherwise;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      props.onSignedIn(await signInWithCode(props.challenge.mfaToken, code, props.rememberMe));
    } catch (e) {
      setError(expiredOr(e, t.wrongCode));
      setCode('');
    } finally {
      setBusy(false);
    }
  };
  const passkey = async () => {
    setBusy(true);
    setError(undefined);
    try {
      props.onSignedIn(
        await signInWithPasskey({ mfaToken: props.challenge.mfaToken, rememberMe: props.rememberMe }),
      );
    } catch (e) {
      setError(expiredOr(e, t.passkeyFailed));
    } finally {
      setBusy(false);
    }
  };
  const withPasskey = props.challenge.factors.includes('webauthn') && passkeysSupported();
  const withCode = props.challenge.factors.some((f) => f === 'totp' || f === 'recovery_code');
  return (
    <Stack gap="md" data-testid="second-factor-step">
      <Title order={1} size="h3">
        {t.stepTitle}
      </Title>
      {withCode ? (
        <form onSubmit={(e) => void submit(e)}>
          <Stack gap="sm">
            <Text size="sm">{t.stepText}</Text>
            <TextInput
              label={t.codeLabel}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              autoComplete="one-time-code"
              dir="ltr"
              required
              data-autofocus
              data-testid="second-factor-code"
            />
            <Button type="submit" loading={busy} data-testid="second-factor-submit">
              {t.continue}
            </Button>
          </Stack>
        </form>
      ) : null}
      {withPasskey ? (
        <>
          {withCode ? <Divider label={t.or} labelPosition="center" /> : null}
          <Button
            variant="default"
            onClick={() => void passkey()}
            loading={busy}
            data-testid="second-factor-passkey"
          >
            {t.usePasskey}
          </Button>
        </>
      ) : null}
      {error ? (
        <Alert color="red" variant="light" role="alert" data-testid="second-factor-error">
          {error}
        </Alert>
      ) : null}
      <Text size="sm">
        <Anchor component="button" type="button" onClick={props.onStartOver}>
          {t.startOver}
        </Anchor>
      </Text>
    </Stack>
  );
}

/** "Sign in with a passkey": a discoverable passkey alone, with user verification. */
export function PasskeySignInButton({
  rememberMe,
  onSignedIn,
}: {
  rememberMe: boolean;
  onSignedIn: (result: SecondStepResult) => void;
}) {
  const t = useTexts(TWO_FACTOR_TEXTS);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  if (!passkeysSupported()) return null;
  const go = async () => {
    setBusy(true);
    setError(undefined);
    try {
      onSignedIn(await signInWithPasskey({ rememberMe }));
    } catch {
      setError(t.passkeyFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs">
      <Divider label={t.or} labelPosition="center" />
      <Button variant="default" onClick={() => void go()} loading={busy} data-testid="passkey-sign-in">
        {t.signInWithPasskey}
      </Button>
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}
