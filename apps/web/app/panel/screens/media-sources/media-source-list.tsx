// /panel/media-sources (spec §2, §3 Media source): the sources the newsroom monitors, with their
// rating and monitoring (feeds, interval, switch, last run); created and edited in a form dialog,
// deleted after confirmation; each can be run now and links to its runs.

import { Anchor, Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { Link } from 'react-router';
import { avatarColumn, nameColumn } from '../../components/data-table/columns.tsx';
import { type Column, listQueryKey, ResourceTable } from '../../components/data-table/resource-table.tsx';
import { DeleteButton, EditButton } from '../../components/data-table/row-buttons.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { COMMON_TEXTS } from '../../i18n/common.ts';
import { format, useFormatters, useTexts } from '../../i18n/i18n.tsx';
import { apiClient, type Doc } from '../../lib/api-client.ts';
import { apiPath, useCan } from '../../lib/permissions.ts';
import { firstImage, useRecordDialogs } from '../feeds/desk-forms.ts';
import {
  credibilityLabel,
  mediaSourceFormDefinition,
  mediaSourceFromForm,
  mediaSourceToForm,
} from './media-source-form.ts';
import { MEDIA_SOURCE_TEXTS } from './media-source-texts.ts';
import { RunNowButton } from './run-now.tsx';

const hostOf = (link: string) => {
  try {
    return new URL(link).host;
  } catch {
    return link;
  }
};

const CRITERIA_PARAMS = { path: '/criteria/*', sort_by: 'path', per_page: 500, select: '_id,name,level' };

export default function MediaSourceList() {
  const t = useTexts(MEDIA_SOURCE_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const fmt = useFormatters();
  const can = useCan();
  const queryClient = useQueryClient();
  const { edit, remove } = useRecordDialogs('media-source');
  const canCreate = can('Create', apiPath('media-source'));
  const canUpdate = can('Update', apiPath('media-source'));
  const canDelete = can('Delete', apiPath('media-source'));
  const canReadRuns = can('Read', apiPath('media-source-run'));

  /** The criteria categories, indented by level, as the category choices. */
  const categoryItems = useCallback(async () => {
    const list = await queryClient.fetchQuery({
      queryKey: listQueryKey('category', CRITERIA_PARAMS),
      queryFn: ({ signal }) => apiClient().list<Doc>('category', CRITERIA_PARAMS, signal),
      staleTime: 60_000,
    });
    return list.data.map((c) => ({
      value: c._id,
      display: `${'— '.repeat(Math.max(0, Number(c.level ?? 1) - 1))}${String(c.name ?? c._id)}`,
    }));
  }, [queryClient]);

  const openEditor = async (row?: Doc) => {
    const items = await categoryItems();
    const record = row ? await apiClient().get<Doc>('media-source', String(row._id)) : undefined;
    await edit({
      title: record ? format(t.editOf, { name: String(record.name ?? '') }) : t.newMediaSource,
      definition: mediaSourceFormDefinition(t, items),
      initialValues: mediaSourceToForm(record),
      toRecord: (values) => mediaSourceFromForm(values, record ? String(record._id) : undefined),
      isNew: !record,
    });
  };

  const baseParams = useMemo(() => ({ lookup: 'category' }), []);
  const columns: Column<Doc>[] = [
    avatarColumn('images', t.image, (row) => firstImage(row.images)),
    nameColumn(t.name),
    {
      key: 'category',
      title: t.category,
      render: (row) => {
        const category = row.category as Doc | null;
        return category && typeof category === 'object' ? String(category.name ?? category._id) : '';
      },
    },
    {
      key: 'score',
      title: t.score,
      sortable: true,
      render: (row) => (typeof row.score === 'number' ? fmt.number(row.score) : ''),
    },
    {
      key: 'falseClaims',
      title: t.falseClaims,
      sortable: true,
      render: (row) => fmt.number(Number(row.falseClaims ?? 0)),
    },
    {
      key: 'levelOfCredibility',
      title: t.levelOfCredibility,
      sortable: true,
      render: (row) => credibilityLabel(t, row.levelOfCredibility),
    },
    {
      key: 'monitoringEnabled',
      title: t.monitoring,
      sortable: true,
      render: (row) => {
        const feeds = Array.isArray(row.feeds) ? row.feeds.length : 0;
        return (
          <Text size="sm" span data-testid="monitoring-summary">
            {row.monitoringEnabled === false || feeds === 0
              ? t.monitoringOff
              : format(t.everyMinutes, {
                  minutes: fmt.number(Number(row.pollInterval ?? 15)),
                  feeds: fmt.number(feeds),
                })}
          </Text>
        );
      },
    },
    {
      key: 'lastRunAt',
      title: t.lastRun,
      sortable: true,
      render: (row) =>
        row.lastRunAt ? (
          <time dateTime={String(row.lastRunAt)}>{fmt.dateTime(row.lastRunAt)}</time>
        ) : (
          <Text size="sm" c="dimmed" span>
            {t.never}
          </Text>
        ),
    },
    {
      key: 'link',
      title: t.link,
      hiddenByDefault: true,
      render: (row) =>
        row.link ? (
          <Anchor href={String(row.link)} target="_blank" rel="noreferrer noopener" size="sm" dir="ltr">
            {hostOf(String(row.link))}
          </Anchor>
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader
        title={common.mediaSources}
        actions={
          canCreate ? (
            <Button onClick={() => void openEditor()} data-testid="create-button">
              {t.newMediaSource}
            </Button>
          ) : null
        }
      />
      <ResourceTable<Doc>
        resource="media-source"
        columns={columns}
        baseParams={baseParams}
        searchFields={['name']}
        searchLabel={t.searchSources}
        defaultSort="name"
        rowName={(row) => String(row.name ?? row._id)}
        columnChooserKey="media-sources"
        testId="media-source-table"
        rowActions={(row) => {
          const name = String(row.name ?? row._id);
          return (
            <Group gap={4} wrap="nowrap">
              {canUpdate && Array.isArray(row.feeds) && row.feeds.length > 0 ? (
                <RunNowButton id={String(row._id)} name={name} />
              ) : null}
              {canReadRuns ? (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  component={Link}
                  to={`/panel/media-source-runs?mediaSource=${encodeURIComponent(String(row._id))}`}
                  aria-label={format(t.runsOf, { name })}
                >
                  {t.runs}
                </Button>
              ) : null}
              {canUpdate ? (
                <EditButton label={format(t.editOf, { name })} onClick={() => void openEditor(row)} />
              ) : null}
              {canDelete ? (
                <DeleteButton
                  label={format(t.deleteOf, { name })}
                  onClick={() => void remove(String(row._id))}
                />
              ) : null}
            </Group>
          );
        }}
      />
    </>
  );
}
