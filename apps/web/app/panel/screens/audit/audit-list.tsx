// /panel/audit (beyond the spec): the append-only security log (GET /api/audit, read-only), newest
// first, filtered by who (actor), what (event type) and when (a day range), all in the address.
import { Badge, Code, Group, Select, Text } from '@mantine/core';
import { widgets } from '@tabayyun/forms';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { type Column, ResourceTable } from '../../components/data-table/resource-table.tsx';
import { type ListParams, useListParams } from '../../components/data-table/use-list-params.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { defineTexts, useFormatters, usePanelLanguage, useTexts } from '../../i18n/i18n.tsx';
import { apiClient, type Doc, type Params } from '../../lib/api-client.ts';
import { apiPath, useCan } from '../../lib/permissions.ts';
import { AUDIT_EVENT_TYPES, dayRangeFilter, eventName } from './audit-events.ts';

const TEXTS = defineTexts({
  en: {
    title: 'Audit log',
    searchLabel: 'Search by address or target id',
    when: 'When',
    what: 'What',
    who: 'Who',
    anyone: 'Anyone',
    anything: 'Any event',
    period: 'Period',
    periodPlaceholder: 'From – to',
    actingFor: 'Acting as',
    by: 'by {name}',
    target: 'On',
    address: 'Address',
    details: 'Details',
    clear: 'Clear',
    nobody: 'Nobody signed in',
    noMatch: 'No one matches',
  },
  ar: {
    title: 'سجل الأمان',
    searchLabel: 'ابحث بعنوان IP أو معرّف الهدف',
    when: 'متى',
    what: 'ماذا',
    who: 'مَن',
    anyone: 'الجميع',
    anything: 'كل الأحداث',
    period: 'الفترة',
    periodPlaceholder: 'من – إلى',
    actingFor: 'باسم',
    by: 'بواسطة {name}',
    target: 'على',
    address: 'العنوان',
    details: 'التفاصيل',
    clear: 'مسح',
    nobody: 'زائر غير مسجّل',
    noMatch: 'لا أحد بهذا الاسم',
  },
});

interface AuditRow extends Doc {
  _id: string;
  type: string;
  actor?: string | null;
  impersonator?: string | null;
  target?: string | null;
  targetType?: string | null;
  ip?: string | null;
  details?: Record<string, unknown> | null;
  createdAt: string;
}

interface UserName {
  _id: string;
  email: string;
  name?: string | null;
}

const SEARCH_FIELDS = ['ip', 'target'];
const FILTER_KEYS = ['actor', 'type', 'from', 'to'] as const;

/** The address keys (actor, type, from, to) as API filters. */
const mapFilters = (list: ListParams): Params => {
  const { actor, type, from, to } = list.filters;
  const createdAt = dayRangeFilter(from, to);
  return {
    ...(actor ? { actor } : {}),
    ...(type ? { type } : {}),
    ...(createdAt ? { createdAt } : {}),
  };
};

const DateRangeWidget = widgets['date-range']!;

export default function AuditListScreen() {
  const t = useTexts(TEXTS);
  const { language, dir } = usePanelLanguage();
  const fmt = useFormatters();
  const can = useCan();
  const [list, setList] = useListParams({ sortBy: '-createdAt' });
  const users = useQuery({
    queryKey: ['list', 'user', 'audit-names'],
    queryFn: ({ signal }) =>
      apiClient().list<UserName>('user', { select: '_id,email,name', per_page: 500 }, signal),
    enabled: can('Read', apiPath('user')),
  });
  const byId = useMemo(() => new Map((users.data?.data ?? []).map((u) => [u._id, u])), [users.data]);
  const who = useCallback(
    (id: string | null | undefined) => (id ? (byId.get(id)?.email ?? id) : t.nobody),
    [byId, t.nobody],
  );

  const setFilter = (change: Partial<Record<(typeof FILTER_KEYS)[number], string | null>>) => {
    const next: Record<string, string> = {};
    for (const key of FILTER_KEYS) {
      const value = key in change ? change[key] : list.filters[key];
      if (value) next[key] = value;
    }
    setList({ filters: next });
  };

  const columns: Column<AuditRow>[] = [
    {
      key: 'createdAt',
      title: t.when,
      sortable: true,
      render: (row) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {fmt.dateTime(row.createdAt)}
        </Text>
      ),
    },
    {
      key: 'type',
      title: t.what,
      sortable: true,
      render: (row) => (
        <Text size="sm" fw={600} data-event={row.type}>
          {eventName(row.type, language)}
        </Text>
      ),
    },
    {
      key: 'actor',
      title: t.who,
      render: (row) => (
        <div>
          <Text size="sm" dir="auto">
            {who(row.actor)}
          </Text>
          {row.impersonator ? (
            <Badge variant="default" size="sm" tt="none" mt={2} dir="auto">
              {`${t.actingFor} · ${who(row.impersonator)}`}
            </Badge>
          ) : null}
        </div>
      ),
    },
    {
      key: 'target',
      title: t.target,
      render: (row) =>
        row.target ? (
          <Text size="sm" dir="auto">
            {row.targetType === 'user' ? who(row.target) : row.target}
            {row.targetType && row.targetType !== 'user' ? (
              <Text span size="xs" c="dimmed">{` (${row.targetType})`}</Text>
            ) : null}
          </Text>
        ) : null,
    },
    {
      key: 'ip',
      title: t.address,
      render: (row) => (
        <Text size="sm" dir="ltr">
          {row.ip ?? ''}
        </Text>
      ),
    },
    {
      key: 'details',
      title: t.details,
      hiddenByDefault: true,
      render: (row) => (row.details ? <Code dir="ltr">{JSON.stringify(row.details)}</Code> : null),
    },
  ];

  const typeOptions = useMemo(
    () =>
      AUDIT_EVENT_TYPES.map((type) => ({ value: type, label: eventName(type, language) })).sort((a, b) =>
        a.label.localeCompare(b.label, language),
      ),
    [language],
  );
  const userOptions = useMemo(
    () => (users.data?.data ?? []).map((u) => ({ value: u._id, label: u.email })),
    [users.data],
  );
  const range =
    list.filters.from || list.filters.to
      ? { start: list.filters.from ?? null, end: list.filters.to ?? null }
      : null;

  return (
    <>
      <PageHeader title={t.title} />
      <ResourceTable<AuditRow>
        resource="audit"
        columns={columns}
        searchFields={SEARCH_FIELDS}
        searchLabel={t.searchLabel}
        defaultSort="-createdAt"
        perPage={50}
        rowName={(row) => `${eventName(row.type, language)} ${fmt.dateTime(row.createdAt)}`}
        mapFilters={mapFilters}
        columnChooserKey="audit"
        testId="audit-table"
        toolbar={
          <Group gap="sm" wrap="wrap" align="flex-end">
            <Select
              label={t.who}
              placeholder={t.anyone}
              data={userOptions}
              value={list.filters.actor ?? null}
              onChange={(value) => setFilter({ actor: value })}
              searchable
              clearable
              clearButtonProps={{ 'aria-label': t.clear }}
              nothingFoundMessage={t.noMatch}
              w={220}
              data-testid="audit-who"
            />
            <Select
              label={t.what}
              placeholder={t.anything}
              data={typeOptions}
              value={list.filters.type ?? null}
              onChange={(value) => setFilter({ type: value })}
              clearable
              clearButtonProps={{ 'aria-label': t.clear }}
              w={240}
              data-testid="audit-what"
            />
            <div style={{ width: 260 }} data-testid="audit-when">
              <DateRangeWidget
                field={{
                  type: 'date-range',
                  name: 'period',
                  inputs: { label: t.period, placeholder: t.periodPlaceholder },
                }}
                id="audit-period"
                value={range}
                onChange={(value) => {
                  // Half-typed text stays in the widget; only whole days reach the address.
                  if (typeof value === 'string') return;
                  const next = value as { start?: string | null; end?: string | null } | null;
                  const day = (v: string | null | undefined) =>
                    v && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null;
                  setFilter({ from: day(next?.start), to: day(next?.end) });
                }}
                onBlur={() => {}}
                required={false}
                disabled={false}
                readOnly={false}
                dir={dir}
                locale={language}
              />
            </div>
          </Group>
        }
      />
    </>
  );
}
