// The profile's "Two-factor sign-in" section (ADR 042): the authenticator app (set up with a QR
// code, recovery codes shown once), the passkeys of the account (add in this browser, remove),
// new recovery codes, and turning it all off with a code or the password.
import {
  Alert,
  Badge,
  Button,
  Card,
  Divider,
  Group,
  Loader,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { confirm, showFailedToast, showSuccessToast } from '@tabayyun/forms';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { COMMON_TEXTS } from '../../i18n/common.ts';
import { format, useFormatters, useTexts } from '../../i18n/i18n.tsx';
import { failureMessage } from '../../lib/errors.ts';
import {
  disableTwoFactor,
  forgetSetupCheck,
  listPasskeys,
  removePasskey,
  renewRecoveryCodes,
  twoFactorStatus,
} from '../../lib/two-factor.ts';
import { PasskeyAdd, RecoveryCodes, TotpSetup } from './two-factor-parts.tsx';
import { TWO_FACTOR_TEXTS } from './two-factor-texts.ts';

const STATUS_KEY = ['auth', '2fa'] as const;
const PASSKEYS_KEY = ['auth', 'passkeys'] as const;

export function TwoFactorSection() {
  const t = useTexts(TWO_FACTOR_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: STATUS_KEY, queryFn: twoFactorStatus });
  const passkeys = useQuery({ queryKey: PASSKEYS_KEY, queryFn: () => listPasskeys().then((r) => r.data) });
  const [settingUp, setSettingUp] = useState(false);
  const [codes, setCodes] = useState<string[] | undefined>();
  const reload = () => {
    forgetSetupCheck();
    void queryClient.invalidateQueries({ queryKey: STATUS_KEY });
    void queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });
    void queryClient.invalidateQueries({ queryKey: ['auth', 'devices'] });
  };
  const s = status.data;
  const anyFactor = Boolean(s && (s.totp || s.passkeys > 0));
  return (
    <Card
      withBorder
      padding="lg"
      component="section"
      aria-labelledby="profile-two-factor"
      data-testid="two-factor"
    >
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4" id="profile-two-factor">
            {t.section}
          </Title>
          {s ? (
            <Badge variant="default" tt="none" data-testid="two-factor-state">
              {anyFactor ? t.on : t.off}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm">{t.sectionText}</Text>
        {s?.required && !anyFactor ? (
          <Alert color="orange" variant="light">
            {t.requiredByRole}
          </Alert>
        ) : null}
        {status.isError ? <Text c="red.9">{failureMessage(status.error)}</Text> : null}
        {!s ? (
          <Loader size="sm" aria-label={common.loading} />
        ) : codes ? (
          <RecoveryCodes
            codes={codes}
            onDone={() => {
              setCodes(undefined);
              reload();
            }}
          />
        ) : (
          <>
            <Title order={3} size="h5">
              {t.authenticatorApp}
            </Title>
            {s.totp ? (
              <Text size="sm" data-testid="totp-on">
                {t.appOn}
              </Text>
            ) : settingUp ? (
              <TotpSetup
                onEnabled={(recovery) => {
                  setSettingUp(false);
                  setCodes(recovery);
                }}
                onCancel={() => setSettingUp(false)}
              />
            ) : (
              <Button
                variant="default"
                onClick={() => setSettingUp(true)}
                style={{ alignSelf: 'flex-start' }}
                data-testid="totp-begin"
              >
                {t.setUpApp}
              </Button>
            )}
            <Divider />
            <Title order={3} size="h5">
              {t.passkeys}
            </Title>
            <Text size="sm">{t.passkeysText}</Text>
            <PasskeyList passkeys={passkeys.data} onRemoved={reload} />
            <PasskeyAdd
              onAdded={(recovery) => {
                if (recovery) setCodes(recovery);
                else reload();
              }}
            />
            {anyFactor ? (
              <>
                <Divider />
                <Text size="sm">{format(t.recoveryLeft, { count: String(s.recovery_codes_left) })}</Text>
                <ProofForm
                  title={t.renewCodes}
                  submit={t.renewCodes}
                  color={undefined}
                  testId="renew-codes"
                  onProof={async (proof) => {
                    const answer = await renewRecoveryCodes(proof);
                    setCodes(answer.recovery_codes);
                  }}
                />
                <Divider />
                <ProofForm
                  title={t.turnOff}
                  text={t.turnOffText}
                  submit={t.confirmTurnOff}
                  color="red.9"
                  testId="turn-off"
                  onProof={async (proof) => {
                    await disableTwoFactor(proof);
                    showSuccessToast(t.turnedOff);
                    reload();
                  }}
                />
              </>
            ) : null}
          </>
        )}
      </Stack>
    </Card>
  );
}

function PasskeyList({
  passkeys,
  onRemoved,
}: {
  passkeys: { id: string; name: string | null; createdAt: string; lastUsedAt: string | null }[] | undefined;
  onRemoved: () => void;
}) {
  const t = useTexts(TWO_FACTOR_TEXTS);
  const { date } = useFormatters();
  if (!passkeys) return null;
  if (passkeys.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="no-passkeys">
        {t.noPasskeys}
      </Text>
    );
  }
  const remove = async (id: string, name: string) => {
    const ok = await confirm({
      title: t.removePasskey,
      text: format(t.removePasskeyConfirm, { name }),
      confirm: t.removePasskey,
      discard: t.cancel,
      confirmColor: 'red.9',
    });
    if (!ok) return;
    try {
      await removePasskey(id);
      showSuccessToast(t.passkeyRemoved);
      onRemoved();
    } catch (error) {
      showFailedToast(format(t.failed, { message: failureMessage(error) }));
    }
  };
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="passkey-list">
      {passkeys.map((p) => {
        const name = p.name ?? t.passkeyDefaultName;
        return (
          <Group key={p.id} component="li" justify="space-between" wrap="nowrap">
            <div>
              <Text size="sm" fw={600}>
                {name}
              </Text>
              <Text size="xs" c="dimmed">
                {[
                  format(t.addedOn, { date: date(p.createdAt) }),
                  p.lastUsedAt ? format(t.lastUsed, { date: date(p.lastUsedAt) }) : '',
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </div>
            <Button
              variant="default"
              size="xs"
              onClick={() => void remove(p.id, name)}
              aria-label={`${t.removePasskey}: ${name}`}
            >
              {t.removePasskey}
            </Button>
          </Group>
        );
      })}
    </Stack>
  );
}

/** A code (TOTP or recovery) or the password, then an action: new codes, turning it off. */
function ProofForm(props: {
  title: string;
  text?: string;
  submit: string;
  color: string | undefined;
  testId: string;
  onProof: (proof: { code: string } | { password: string }) => Promise<void>;
}) {
  const t = useTexts(TWO_FACTOR_TEXTS);
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  if (!open) {
    return (
      <Button
        variant="default"
        color={props.color}
        onClick={() => setOpen(true)}
        style={{ alignSelf: 'flex-start' }}
        data-testid={`${props.testId}-open`}
      >
        {props.title}
      </Button>
    );
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await props.onProof(code.trim() ? { code: code.trim() } : { password });
      setOpen(false);
      setCode('');
      setPassword('');
    } catch (error) {
      showFailedToast(format(t.failed, { message: failureMessage(error) }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} data-testid={props.testId}>
      <Stack gap="xs">
        {props.text ? <Text size="sm">{props.text}</Text> : null}
        <Group gap="sm" align="flex-end">
          <TextInput
            label={t.codeOrRecovery}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            autoComplete="one-time-code"
            dir="ltr"
            data-testid={`${props.testId}-code`}
          />
          <PasswordInput
            label={t.orPassword}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            autoComplete="current-password"
            data-testid={`${props.testId}-password`}
          />
        </Group>
        <Group gap="sm">
          <Button
            type="submit"
            color={props.color}
            loading={busy}
            disabled={!code.trim() && !password}
            data-testid={`${props.testId}-submit`}
          >
            {props.submit}
          </Button>
          <Button variant="default" onClick={() => setOpen(false)}>
            {t.cancel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
