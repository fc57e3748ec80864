// The evidence archive of a fact-check (issue 15): each address its references and claim sources
// cite, with the stored snapshot's date, HTTP status and SHA-256, or why it could not be taken.
// Snapshots are taken by the server in the background after a save, so the list polls while any
// is pending.
import { Badge, Checkbox, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { defineTexts, format, useFormatters, useTexts } from '../../i18n/i18n.tsx';
import { apiClient } from '../../lib/api-client.ts';

const TEXTS = defineTexts({
  en: {
    title: 'Evidence archive',
    intro: 'A copy of every link in References and Sources is kept when the fact-check is saved.',
    address: 'Address',
    snapshot: 'Snapshot',
    taken: 'Taken {date}',
    status: 'HTTP {status}',
    hash: 'SHA-256',
    pending: 'Being taken…',
    notYet: 'Taken after the next save',
    failed: 'Not archived',
    acknowledge: 'Could not be archived: publish without a snapshot',
  },
  ar: {
    title: 'أرشيف الأدلة',
    intro: 'تُحفظ نسخة من كل رابط في المراجع والمصادر عند حفظ التحقّق.',
    address: 'الرابط',
    snapshot: 'النسخة المحفوظة',
    taken: 'حُفظت في {date}',
    status: 'HTTP {status}',
    hash: 'بصمة SHA-256',
    pending: 'جارٍ الحفظ…',
    notYet: 'تُحفظ عند الحفظ التالي',
    failed: 'تعذّر الحفظ',
    acknowledge: 'تعذّرت أرشفته: النشر دون نسخة محفوظة',
  },
});

interface Snapshot {
  _id: string;
  status: 'pending' | 'done' | 'failed';
  finalUrl: string | null;
  httpStatus: number | null;
  sha256: string | null;
  size: number | null;
  error: string | null;
  fetchedAt: string | null;
}

export interface EvidenceEntry {
  url: string;
  snapshot: Snapshot | null;
}

/** The evidence of a fact-check; the publish gate's checklist reads the same answer. */
export const evidenceQuery = (factcheckId: string) =>
  queryOptions({
    queryKey: ['factcheck-evidence', factcheckId],
    queryFn: ({ signal }) =>
      apiClient().request<{ data: EvidenceEntry[] }>(
        'GET',
        `factcheck/${encodeURIComponent(factcheckId)}/evidence`,
        { signal },
      ),
    refetchInterval: (query) =>
      query.state.data?.data.some((e) => !e.snapshot || e.snapshot.status === 'pending') ? 3000 : false,
  });

export function EvidencePanel({
  factcheckId,
  acknowledged = [],
  onAcknowledge,
}: {
  factcheckId: string;
  /** Addresses the newsroom acknowledged could not be archived (the publish gate's way past). */
  acknowledged?: string[];
  /** Stores a new acknowledged list; absent for a reader without the right to edit. */
  onAcknowledge?: (urls: string[]) => void;
}) {
  const t = useTexts(TEXTS);
  const fmt = useFormatters();
  const evidence = useQuery(evidenceQuery(factcheckId));
  const entries = evidence.data?.data ?? [];
  if (entries.length === 0) return null;
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      mt="lg"
      component="section"
      aria-labelledby="evidence-title"
      data-testid="evidence"
    >
      <Title order={2} size="h4" id="evidence-title">
        {t.title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t.intro}
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.address}</Table.Th>
              <Table.Th>{t.snapshot}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map(({ url, snapshot }) => (
              <Table.Tr key={url} data-testid="evidence-row" data-status={snapshot?.status ?? 'none'}>
                <Table.Td style={{ maxWidth: 320 }}>
                  <Text size="sm" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
                    {url}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {snapshot?.status === 'done' ? (
                    <Stack gap={2}>
                      <Group gap="xs">
                        <Text size="sm">{format(t.taken, { date: fmt.dateTime(snapshot.fetchedAt) })}</Text>
                        <Badge variant="light" color="teal" size="sm">
                          {format(t.status, { status: String(snapshot.httpStatus ?? '') })}
                        </Badge>
                      </Group>
                      <Text
                        size="xs"
                        c="dimmed"
                        dir="ltr"
                        ff="monospace"
                        title={snapshot.sha256 ?? ''}
                        data-testid="evidence-hash"
                      >
                        {t.hash}: {snapshot.sha256}
                      </Text>
                    </Stack>
                  ) : snapshot?.status === 'failed' ? (
                    <Stack gap={2}>
                      <Badge variant="light" color="red" size="sm">
                        {t.failed}
                      </Badge>
                      <Text size="xs" c="dimmed" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
                        {snapshot.error}
                      </Text>
                    </Stack>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {snapshot ? t.pending : t.notYet}
                    </Text>
                  )}
                  {snapshot?.status !== 'done' && (onAcknowledge || acknowledged.includes(url)) ? (
                    <Checkbox
                      mt={6}
                      size="xs"
                      label={t.acknowledge}
                      checked={acknowledged.includes(url)}
                      disabled={!onAcknowledge}
                      onChange={(event) =>
                        onAcknowledge?.(
                          event.currentTarget.checked
                            ? [...acknowledged, url]
                            : acknowledged.filter((each) => each !== url),
                        )
                      }
                      data-testid="evidence-acknowledge"
                    />
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
