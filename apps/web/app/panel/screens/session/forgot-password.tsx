// /panel/forgot-password: asks the server to mail a reset link (the same answer whether or not the
// account exists, so the screen says "if an account exists").
import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { DynamicForm, type FormDefinition, showFailedToast } from '@tabayyun/forms';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { COMMON_TEXTS } from '../../i18n/common.ts';
import { format, useTexts } from '../../i18n/i18n.tsx';
import { describeError } from '../../lib/errors.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { sessionManager } from '../../lib/session.ts';
import { CenteredLayout } from './centered-layout.tsx';
import { SESSION_TEXTS } from './session-texts.ts';

export default function ForgotPasswordScreen() {
  const t = useTexts(SESSION_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  usePageTitle(t.forgotTitle);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const definition = useMemo<FormDefinition>(
    () => ({
      name: 'forgot-password',
      fields: [
        {
          type: 'email',
          name: 'email',
          inputs: { label: t.email, required: true },
          validations: [{ name: 'email' }],
        },
      ],
    }),
    [t],
  );
  const onSubmit = async (values: Record<string, unknown>) => {
    const email = String(values.email ?? '')
      .trim()
      .toLowerCase();
    try {
      await sessionManager().forgotPassword(email);
      setSentTo(email);
    } catch (error) {
      showFailedToast(describeError(error, common).message);
    }
  };
  return (
    <CenteredLayout>
      <Stack gap="md">
        <Title order={1} size="h3">
          {t.forgotTitle}
        </Title>
        {sentTo ? (
          <Alert color="teal" role="status" data-testid="link-sent">
            {format(t.linkSent, { email: sentTo })}
          </Alert>
        ) : (
          <>
            <Text size="sm">{t.forgotHint}</Text>
            <DynamicForm
              definition={definition}
              initialValues={{ email: '' }}
              onSubmit={onSubmit}
              submitLabel={t.sendLink}
            />
          </>
        )}
        <Anchor component={Link} to="/panel/login" size="sm">
          {t.backToLogin}
        </Anchor>
      </Stack>
    </CenteredLayout>
  );
}
