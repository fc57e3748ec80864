// /panel/error and /panel/not-found, and the error boundary of every panel route (platform §8):
// the title and message of the catalogue, the address left as it was.
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { COMMON_TEXTS } from '../i18n/common.ts';
import { useTexts } from '../i18n/i18n.tsx';
import { describeError } from '../lib/errors.ts';
import { ApiError } from '../lib/http.ts';
import { usePageTitle } from '../lib/page-title.ts';

export function StatusView({ title, message, status }: { title: string; message: string; status?: number }) {
  const t = useTexts(COMMON_TEXTS);
  usePageTitle(title);
  return (
    <Stack align="center" py="xl" gap="md" data-testid="status-view" data-status={status}>
      {status && status > 0 ? (
        <Text size="3rem" fw={700} c="dimmed" aria-hidden>
          {status}
        </Text>
      ) : null}
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text ta="center">{message}</Text>
      <Group>
        <Button component={Link} to="/panel/dashboard" variant="light">
          {t.backToDashboard}
        </Button>
      </Group>
    </Stack>
  );
}

export function NotFoundView() {
  const t = useTexts(COMMON_TEXTS);
  return <StatusView title={t.errorNotFoundTitle} message={t.errorNotFound} status={404} />;
}

/** Shows an error as the catalogue says; a 404 is the not-found view. */
export function ErrorView({ error }: { error: unknown }) {
  const t = useTexts(COMMON_TEXTS);
  const shown = describeError(error, t);
  if (shown.status === 404) return <NotFoundView />;
  return <StatusView {...shown} />;
}

/** Route errors (a loader's ApiError, a thrown Response) as an ErrorView. */
export function RouteErrorView() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    return (
      <ErrorView
        error={
          new ApiError({
            status: error.status,
            code: `HTTP_${error.status}`,
            message: String(error.data ?? error.statusText),
            statusText: error.statusText,
          })
        }
      />
    );
  }
  console.error('panel route error', error);
  return <ErrorView error={error} />;
}
