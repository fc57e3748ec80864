// /panel/settings/webhooks (issue 36 §3): administrators register partners' addresses for events
// (add, edit, switch off, delete), and read the delivery log (status, time, answer code) with
// "redeliver". The secret is typed (or generated) when adding, sent once, and never shown again:
// the API never answers it. The server decides who may do what (administrators).
import { Badge, Button, Center, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { confirmDelete, type FormDefinition, type FormValues, showSuccessToast } from '@tabayyun/forms';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useWrite } from '../../components/mutations.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { COMMON_TEXTS } from '../../i18n/common.ts';
import { format, useFormatters, usePanelLanguage, useTexts } from '../../i18n/i18n.tsx';
import { apiClient } from '../../lib/api-client.ts';
import { apiPath, useCan } from '../../lib/permissions.ts';
import { ErrorView } from '../../shell/status-view.tsx';
import { openPanelFormDialog } from '../users/form-dialog.tsx';
import { EVENT_TEXT, STATUS_TEXT, WEBHOOKS_TEXTS } from './webhooks-texts.ts';

const EVENTS = ['published', 'updated', 'corrected', 'withdrawn', 'feed.created'] as const;
type EventName = (typeof EVENTS)[number];

interface Webhook {
  _id: string;
  url: string;
  events: EventName[];
  active: boolean;
  description: string | null;
  createdAt: string;
}

interface Delivery {
  _id: string;
  webhook: string;
  event: EventName;
  status: keyof typeof STATUS_TEXT;
  attempts: number;
  responseStatus: number | null;
  error: string | null;
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  createdAt: string;
}

const HOOKS_KEY = ['webhooks'] as const;
const deliveriesKey = (webhook: string | null) => ['webhook-deliveries', webhook ?? 'all'] as const;

/** 32 random bytes in hex: a secret the administrator copies when adding a webhook. */
function newSecret(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

const STATUS_COLOR: Record<Delivery['status'], string> = {
  pending: '#8a5a00',
  delivering: '#1c5fa8',
  delivered: '#1f6f33',
  failed: '#b3261e',
};

export default function WebhooksScreen() {
  const t = useTexts(WEBHOOKS_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const { language } = usePanelLanguage();
  const fmt = useFormatters();
  const can = useCan();
  const write = useWrite();
  const queryClient = useQueryClient();
  const [logOf, setLogOf] = useState<string | null>(null);
  const mayCreate = can('Create', apiPath('webhook'));
  const mayUpdate = can('Update', apiPath('webhook'));
  const mayDelete = can('Delete', apiPath('webhook'));
  const mayRedeliver = can('Create', apiPath('webhook-delivery'));

  const hooks = useQuery({
    queryKey: HOOKS_KEY,
    queryFn: ({ signal }) => apiClient().request<{ data: Webhook[] }>('GET', 'webhook', { signal }),
  });
  const log = useQuery({
    queryKey: deliveriesKey(logOf),
    queryFn: ({ signal }) =>
      apiClient().request<{ data: Delivery[]; total: number }>('GET', 'webhook-delivery', {
        signal,
        query: { per_page: 50, ...(logOf ? { webhook: logOf } : {}) },
      }),
    refetchInterval: 10_000,
  });
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: HOOKS_KEY });
    await queryClient.invalidateQueries({ queryKey: ['webhook-deliveries'] });
  };

  const eventItems = EVENTS.map((e) => ({ value: e, display: t[EVENT_TEXT[e]] }));
  const definition = (editing: boolean): FormDefinition => ({
    name: 'webhook',
    fields: [
      {
        type: 'text',
        name: 'url',
        inputs: { label: t.url, required: true, hint: t.urlHint },
        validations: [{ name: 'pattern', arguments: '^https?://\\S+$', message: t.urlHint }],
      },
      { type: 'checks', name: 'events', inputs: { label: t.events, required: true, items: eventItems } },
      {
        type: 'text',
        name: 'secret',
        inputs: {
          label: t.secret,
          required: !editing,
          hint: editing ? t.secretEditHint : t.secretHint,
        },
        validations: [{ name: 'pattern', arguments: '^(.{16,256})?$', message: t.secretHint }],
      },
      { type: 'switch', name: 'active', inputs: { label: t.active } },
      { type: 'text', name: 'description', inputs: { label: t.description } },
    ],
  });
  const bodyOf = (values: FormValues, editing: boolean) => {
    const secret = String(values.secret ?? '').trim();
    const description = String(values.description ?? '').trim();
    return {
      url: String(values.url ?? '').trim(),
      events: Array.isArray(values.events) ? values.events : [],
      active: values.active !== false,
      description: description || null,
      ...(secret || !editing ? { secret } : {}),
    };
  };

  const add = () =>
    openPanelFormDialog({
      title: t.addTitle,
      definition: definition(false),
      submitLabel: t.save,
      initialValues: {
        events: ['published', 'updated', 'corrected', 'withdrawn'],
        active: true,
        secret: newSecret(),
      },
      onSubmit: async (values) =>
        Boolean(
          await write('webhook', async () => {
            const saved = await apiClient().request('POST', 'webhook', { body: bodyOf(values, false) });
            await refresh();
            return saved;
          }),
        ),
    });
  const edit = (hook: Webhook) =>
    openPanelFormDialog({
      title: t.editTitle,
      definition: definition(true),
      submitLabel: t.save,
      initialValues: {
        url: hook.url,
        events: hook.events,
        active: hook.active,
        description: hook.description ?? '',
        secret: '',
      },
      onSubmit: async (values) =>
        Boolean(
          await write('webhook', async () => {
            const saved = await apiClient().request('PUT', `webhook/${encodeURIComponent(hook._id)}`, {
              body: bodyOf(values, true),
            });
            await refresh();
            return saved;
          }),
        ),
    });
  const remove = async (hook: Webhook) => {
    if (!(await confirmDelete({ locale: language }))) return;
    await write(
      'webhook',
      async () => {
        await apiClient().request('DELETE', `webhook/${encodeURIComponent(hook._id)}`);
        if (logOf === hook._id) setLogOf(null);
        await refresh();
      },
      () => showSuccessToast(t.deleted),
    );
  };
  const redeliver = async (delivery: Delivery) => {
    await write(
      'webhook-delivery',
      async () => {
        await apiClient().request('POST', `webhook-delivery/${encodeURIComponent(delivery._id)}/redeliver`);
        await refresh();
      },
      () => showSuccessToast(t.redelivered),
    );
  };

  if (hooks.isError) return <ErrorView error={hooks.error} />;
  const list = hooks.data?.data ?? [];
  const named = (id: string | null) => list.find((h) => h._id === id)?.url ?? id ?? '';

  return (
    <>
      <PageHeader
        title={t.title}
        description={t.intro}
        actions={
          mayCreate ? (
            <Button onClick={add} data-testid="webhook-add">
              {t.add}
            </Button>
          ) : null
        }
      />
      <Stack gap="lg">
        {hooks.isPending ? (
          <Center py="xl">
            <Loader aria-label={common.loading} />
          </Center>
        ) : list.length === 0 ? (
          <Text>{t.none}</Text>
        ) : (
          <Stack gap="sm" data-testid="webhooks-list">
            {list.map((hook) => (
              <Paper
                key={hook._id}
                withBorder
                p="sm"
                radius="md"
                data-testid="webhook-row"
                data-id={hook._id}
              >
                <Stack gap={6}>
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Text dir="ltr" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {hook.url}
                    </Text>
                    <Badge color={hook.active ? '#1f6f33' : 'gray'} variant="filled">
                      {hook.active ? t.on : t.off}
                    </Badge>
                  </Group>
                  {hook.description ? <Text size="sm">{hook.description}</Text> : null}
                  <Text size="sm">
                    {`${t.events}: ${hook.events.map((e) => t[EVENT_TEXT[e]] ?? e).join(language === 'ar' ? '، ' : ', ')}`}
                  </Text>
                  <Group gap={6} wrap="wrap">
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => setLogOf(hook._id)}
                      aria-label={format(t.deliveriesNamed, { name: hook.url })}
                      data-action="deliveries"
                    >
                      {t.deliveries}
                    </Button>
                    {mayUpdate ? (
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => edit(hook)}
                        aria-label={format(t.editNamed, { name: hook.url })}
                        data-action="edit"
                      >
                        {t.edit}
                      </Button>
                    ) : null}
                    {mayDelete ? (
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => void remove(hook)}
                        aria-label={format(t.deleteNamed, { name: hook.url })}
                        data-action="delete"
                      >
                        {t.delete}
                      </Button>
                    ) : null}
                  </Group>
                </Stack>
              </Paper>
            ))}
          </Stack>
        )}

        <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="webhook-log-title">
          <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
            <Title order={2} size="h4" id="webhook-log-title">
              {logOf ? format(t.logOf, { name: named(logOf) }) : t.logTitle}
            </Title>
            <Group gap={6}>
              {logOf ? (
                <Button size="xs" variant="default" onClick={() => setLogOf(null)}>
                  {t.logAll}
                </Button>
              ) : null}
              <Button
                size="xs"
                variant="default"
                onClick={() => void refresh()}
                data-testid="webhook-log-refresh"
              >
                {t.refresh}
              </Button>
            </Group>
          </Group>
          {log.isError ? (
            <ErrorView error={log.error} />
          ) : log.isPending ? (
            <Center py="md">
              <Loader aria-label={common.loading} />
            </Center>
          ) : (log.data?.data.length ?? 0) === 0 ? (
            <Text size="sm">{t.logEmpty}</Text>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table striped data-testid="webhook-log">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t.event}</Table.Th>
                    <Table.Th>{t.status}</Table.Th>
                    <Table.Th>{t.time}</Table.Th>
                    <Table.Th>{t.answer}</Table.Th>
                    <Table.Th>{t.attempts}</Table.Th>
                    <Table.Th>{t.nextAttempt}</Table.Th>
                    <Table.Th>{t.actions}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {log.data?.data.map((d) => {
                    const time = fmt.dateTime(d.lastAttemptAt ?? d.createdAt);
                    return (
                      <Table.Tr key={d._id} data-testid="webhook-delivery" data-status={d.status}>
                        <Table.Td>{t[EVENT_TEXT[d.event]] ?? d.event}</Table.Td>
                        <Table.Td>
                          <Badge color={STATUS_COLOR[d.status]} variant="filled" title={d.error ?? undefined}>
                            {t[STATUS_TEXT[d.status]] ?? d.status}
                          </Badge>
                        </Table.Td>
                        <Table.Td>{time}</Table.Td>
                        <Table.Td dir="ltr" data-testid="webhook-answer">
                          {d.responseStatus ?? t.noAnswer}
                        </Table.Td>
                        <Table.Td>{d.attempts}</Table.Td>
                        <Table.Td>{d.nextAttemptAt ? fmt.dateTime(d.nextAttemptAt) : t.noNext}</Table.Td>
                        <Table.Td>
                          {mayRedeliver ? (
                            <Button
                              size="xs"
                              variant="light"
                              onClick={() => void redeliver(d)}
                              aria-label={format(t.redeliverNamed, {
                                event: t[EVENT_TEXT[d.event]] ?? d.event,
                                time,
                              })}
                              data-action="redeliver"
                            >
                              {t.redeliver}
                            </Button>
                          ) : null}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Paper>
      </Stack>
    </>
  );
}
