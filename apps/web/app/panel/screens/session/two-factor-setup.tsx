// /panel/two-factor-setup (ADR 042): a user whose role requires a second factor and who has none
// lands here after signing in and reaches nothing else first (the server answers every other call
// 403 SECOND_FACTOR_SETUP_REQUIRED; this screen only leads the way). An authenticator app or a
// passkey; the recovery codes once; then on to the page asked for.
import { Alert, Button, Divider, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { redirect, useNavigate, useSearchParams } from 'react-router';
import { useTexts } from '../../i18n/i18n.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { sessionManager } from '../../lib/session.ts';
import { forgetSetupCheck, secondFactorSetupRequired } from '../../lib/two-factor.ts';
import { safeNext } from '../../shell/login-redirect.ts';
import { PasskeyAdd, RecoveryCodes, TotpSetup } from '../profile/two-factor-parts.tsx';
import { TWO_FACTOR_TEXTS } from '../profile/two-factor-texts.ts';
import { CenteredLayout } from './centered-layout.tsx';

export async function clientLoader({ request }: { request: Request }) {
  const session = sessionManager();
  if (!session.hasSession() || !(await session.accessToken())) throw redirect('/panel/login');
  forgetSetupCheck();
  if (!(await secondFactorSetupRequired()))
    throw redirect(safeNext(new URL(request.url).searchParams.get('next')));
  return null;
}

export default function TwoFactorSetupScreen() {
  const t = useTexts(TWO_FACTOR_TEXTS);
  usePageTitle(t.setupTitle);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const [codes, setCodes] = useState<string[] | undefined>();
  const [done, setDone] = useState(false);
  const finish = (recovery: string[] | undefined) => {
    forgetSetupCheck();
    if (recovery) setCodes(recovery);
    setDone(true);
  };
  const signOut = () => {
    sessionManager().signOut();
    navigate('/panel/login', { replace: true });
  };
  return (
    <CenteredLayout>
      <Stack gap="md" data-testid="two-factor-setup">
        <Title order={1} size="h3">
          {t.setupTitle}
        </Title>
        {done ? (
          <>
            <Alert color="green" variant="light">
              {t.setupDone}
            </Alert>
            {codes ? (
              <RecoveryCodes codes={codes} onDone={() => navigate(next, { replace: true })} />
            ) : (
              <Button onClick={() => navigate(next, { replace: true })} data-testid="setup-continue">
                {t.goOn}
              </Button>
            )}
          </>
        ) : (
          <>
            <Text size="sm">{t.setupText}</Text>
            <Title order={2} size="h5">
              {t.authenticatorApp}
            </Title>
            <TotpSetup onEnabled={finish} />
            <Divider label={t.or} labelPosition="center" />
            <Title order={2} size="h5">
              {t.passkeys}
            </Title>
            <Text size="sm">{t.passkeysText}</Text>
            <PasskeyAdd onAdded={finish} />
            <Divider />
            <Button variant="subtle" onClick={signOut} style={{ alignSelf: 'flex-start' }}>
              {t.signOut}
            </Button>
          </>
        )}
      </Stack>
    </CenteredLayout>
  );
}
