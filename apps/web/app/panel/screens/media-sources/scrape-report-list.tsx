// /panel/scrape-reports: each failure of a run (the source, the address, the kind of error and its
// message, the time), newest first, read-only; filtered by media source from the address.
import { Anchor, Text } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { type Column, ResourceTable } from '../../components/data-table/resource-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { COMMON_TEXTS } from '../../i18n/common.ts';
import { useFormatters, useTexts } from '../../i18n/i18n.tsx';
import type { Doc } from '../../lib/api-client.ts';
import { truncate } from '../feeds/feed-texts.ts';
import { errorKindLabel, MEDIA_SOURCE_TEXTS } from './media-source-texts.ts';
import { MediaSourceFilter, RunStatus, sourceName } from './run-parts.tsx';

export default function ScrapeReportList() {
  const t = useTexts(MEDIA_SOURCE_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const fmt = useFormatters();
  const baseParams = useMemo(() => ({ lookup: 'mediaSource' }), []);
  const columns: Column<Doc>[] = [
    {
      key: 'date',
      title: t.date,
      sortable: true,
      render: (row) => (row.date ? <time dateTime={String(row.date)}>{fmt.dateTime(row.date)}</time> : ''),
    },
    {
      key: 'mediaSource',
      title: t.mediaSource,
      render: (row) => {
        const source = row.mediaSource as Doc | null;
        if (!source || typeof source !== 'object') return sourceName(source);
        return (
          <Anchor
            component={Link}
            to={`/panel/media-source-runs?mediaSource=${encodeURIComponent(String(source._id))}`}
            size="sm"
            dir="auto"
          >
            {sourceName(source)}
          </Anchor>
        );
      },
    },
    { key: 'status', title: t.status, sortable: true, render: (row) => <RunStatus status={row.status} /> },
    {
      key: 'url',
      title: t.address,
      render: (row) =>
        row.url ? (
          // A block of its own: a wrapped address inside right-to-left text would reorder its parts.
          <Text
            size="sm"
            dir="ltr"
            style={{ overflowWrap: 'anywhere', textAlign: 'left', minWidth: 180 }}
            data-testid="report-url"
          >
            {String(row.url)}
          </Text>
        ) : (
          ''
        ),
    },
    {
      key: 'error',
      title: t.error,
      sortable: true,
      render: (row) =>
        row.error ? (
          <Text size="sm" span data-error={String(row.error)}>
            {errorKindLabel(t, row.error)}
          </Text>
        ) : (
          ''
        ),
    },
    {
      key: 'itemsFound',
      title: t.itemsFound,
      hiddenByDefault: true,
      sortable: true,
      render: (row) => fmt.number(Number(row.itemsFound ?? 0)),
    },
    {
      key: 'itemsAdded',
      title: t.itemsAdded,
      hiddenByDefault: true,
      sortable: true,
      render: (row) => fmt.number(Number(row.itemsAdded ?? 0)),
    },
    {
      key: 'message',
      title: t.message,
      render: (row) =>
        row.message ? (
          <Text size="sm" dir="auto" span>
            {truncate(String(row.message))}
          </Text>
        ) : (
          ''
        ),
    },
  ];
  return (
    <>
      <PageHeader title={common.scrapeReports} />
      <ResourceTable<Doc>
        resource="scraping-report"
        columns={columns}
        baseParams={baseParams}
        searchFields={['message']}
        searchLabel={t.searchReports}
        defaultSort="-date"
        rowName={(row) => `${sourceName(row.mediaSource)} ${String(row._id)}`}
        toolbar={<MediaSourceFilter />}
        columnChooserKey="scrape-reports"
        testId="scrape-report-table"
      />
    </>
  );
}
