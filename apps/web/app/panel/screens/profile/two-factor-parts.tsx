// The pieces of the second-factor screens (ADR 042), used by the profile section and the forced
// set-up: the authenticator-app set-up with its QR code drawn here (lean-qr, no outside service),
// the recovery codes shown once (copy, download), and adding a passkey in this browser.
import { Alert, Button, Code, Group, Image, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { showSuccessToast } from '@tabayyun/forms';
import { generate } from 'lean-qr';
import { toSvgDataURL } from 'lean-qr/extras/svg';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { format, useTexts } from '../../i18n/i18n.tsx';
import { failureMessage } from '../../lib/errors.ts';
import {
  addPasskey,
  enableTotp,
  forgetSetupCheck,
  passkeysSupported,
  setUpTotp,
} from '../../lib/two-factor.ts';
import { TWO_FACTOR_TEXTS } from './two-factor-texts.ts';

/** Authenticator app: start, scan, type the first code. Calls `onEnabled` with the recovery codes. */
export function TotpSetup({
  onEnabled,
  onCancel,
}: {
  onEnabled: (codes: string[]) => void;
  onCancel?: () => void;
}) {
  const t = useTexts(TWO_FACTOR_TEXTS);
  const [setup, setSetup] = useState<{ secret: string; otpauth_url: string } | undefined>();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const codeId = useId();
  const qr = useMemo(
    () =>
      setup ? toSvgDataURL(generate(setup.otpauth_url), { on: 'black', off: 'white', pad: 4 }) : undefined,
    [setup],
  );
  const start = async () => {
    setBusy(true);
    setError(undefined);
    try {
      setSetup(await setUpTotp());
    } catch (e) {
      setError(format(t.failed, { message: failureMessage(e) }));
    } finally {
      setBusy(false);
    }
  };
  const verify = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const answer = await enableTotp(code);
      forgetSetupCheck();
      onEnabled(answer.recovery_codes);
    } catch (e) {
      setError(format(t.failed, { message: failureMessage(e) }));
    } finally {
      setBusy(false);
    }
  };
  if (!setup) {
    return (
      <Stack gap="xs" align="flex-start">
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
        <Button onClick={() => void start()} loading={busy} data-testid="totp-start">
          {t.setUpApp}
        </Button>
      </Stack>
    );
  }
  return (
    <form onSubmit={(e) => void verify(e)} data-testid="totp-setup">
      <Stack gap="sm">
        <Text size="sm">{t.scanQr}</Text>
        <Image src={qr} alt={t.qrAlt} w={200} h={200} fit="contain" data-testid="totp-qr" />
        <Text size="sm">{t.cannotScan}</Text>
        <Code dir="ltr" style={{ alignSelf: 'flex-start', letterSpacing: '0.1em' }} data-testid="totp-secret">
          {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
        </Code>
        <TextInput
          id={codeId}
          label={t.code}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          dir="ltr"
          maxLength={8}
          required
          w={200}
          data-testid="totp-code"
        />
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group gap="sm">
          <Button type="submit" loading={busy} data-testid="totp-verify">
            {t.verify}
          </Button>
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              {t.cancel}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

/** The recovery codes, shown once: copy, download, then "I have saved them". */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useTexts(TWO_FACTOR_TEXTS);
  const headingId = useId();
  const text = codes.join('\n');
  const copy = async () => {
    await navigator.clipboard.writeText(text);
    showSuccessToast(t.copied);
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId} data-testid="recovery-codes">
      <Title order={3} size="h5" id={headingId}>
        {t.recoveryTitle}
      </Title>
      <Text size="sm">{t.recoveryText}</Text>
      <List
        dir="ltr"
        listStyleType="none"
        spacing={2}
        style={{ fontFamily: 'var(--mantine-font-family-monospace)', columns: 2, textAlign: 'start' }}
      >
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Group gap="sm">
        <Button variant="default" onClick={() => void copy()}>
          {t.copy}
        </Button>
        <Button variant="default" onClick={download}>
          {t.download}
        </Button>
        <Button onClick={onDone} data-testid="recovery-done">
          {t.done}
        </Button>
      </Group>
    </Stack>
  );
}

/** Adds a passkey made by this browser; `onAdded` gets recovery codes when it was a first factor. */
export function PasskeyAdd({ onAdded }: { onAdded: (codes: string[] | undefined) => void }) {
  const t = useTexts(TWO_FACTOR_TEXTS);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  if (!passkeysSupported()) {
    return (
      <Text size="sm" c="dimmed">
        {t.passkeysUnsupported}
      </Text>
    );
  }
  const add = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const answer = await addPasskey(name.trim() || t.passkeyDefaultName);
      forgetSetupCheck();
      showSuccessToast(t.passkeyAdded);
      setName('');
      onAdded(answer.recovery_codes);
    } catch (e) {
      setError(format(t.failed, { message: failureMessage(e) }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void add(e)}>
      <Stack gap="xs">
        <Group gap="sm" align="flex-end">
          <TextInput
            label={t.passkeyName}
            placeholder={t.passkeyDefaultName}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={80}
            data-testid="passkey-name"
          />
          <Button type="submit" variant="default" loading={busy} data-testid="passkey-add">
            {t.addPasskey}
          </Button>
        </Group>
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}
