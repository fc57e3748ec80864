// /panel/media-source-runs: the scraping runs, newest first, read-only, with their counts (found,
// new, duplicates, errors, duration); `?mediaSource=<id>` in the address filters them by source.
import { Code, Text } from '@mantine/core';
import { useMemo } from 'react';
import { type Column, ResourceTable } from '../../components/data-table/resource-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { COMMON_TEXTS } from '../../i18n/common.ts';
import { format, useFormatters, useTexts } from '../../i18n/i18n.tsx';
import type { Doc } from '../../lib/api-client.ts';
import { MEDIA_SOURCE_TEXTS } from './media-source-texts.ts';
import { MediaSourceFilter, RunStatus, sourceName } from './run-parts.tsx';

const RESULTS_PREVIEW = 120;

/** A run's results (free JSON written by the scraper), shortened. */
function resultsPreview(results: unknown): string {
  if (results === null || results === undefined) return '';
  const text = typeof results === 'string' ? results : JSON.stringify(results);
  return text.length > RESULTS_PREVIEW ? `${text.slice(0, RESULTS_PREVIEW)}…` : text;
}

/** A count of a run's results (monitoring writes found, new, duplicates, errors, duration). */
function countOf(results: unknown, key: string): number | undefined {
  const value =
    results && typeof results === 'object' ? (results as Record<string, unknown>)[key] : undefined;
  return typeof value === 'number' ? value : undefined;
}

export default function RunList() {
  const t = useTexts(MEDIA_SOURCE_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const fmt = useFormatters();
  const baseParams = useMemo(() => ({ lookup: 'mediaSource' }), []);
  const columns: Column<Doc>[] = [
    {
      key: 'date',
      title: t.date,
      sortable: true,
      render: (row) => {
        const when = row.date ?? row.createdAt;
        return when ? <time dateTime={String(when)}>{fmt.dateTime(when)}</time> : '';
      },
    },
    {
      key: 'mediaSource',
      title: t.mediaSource,
      render: (row) => (
        <Text size="sm" dir="auto" span>
          {sourceName(row.mediaSource)}
        </Text>
      ),
    },
    { key: 'status', title: t.status, sortable: true, render: (row) => <RunStatus status={row.status} /> },
    ...(['found', 'new', 'duplicates', 'errors'] as const).map(
      (key): Column<Doc> => ({
        key: `results.${key}`,
        title: t[key],
        render: (row) => {
          const value = countOf(row.results, key);
          return value === undefined ? '' : <span data-count={key}>{fmt.number(value)}</span>;
        },
      }),
    ),
    {
      key: 'results.duration',
      title: t.duration,
      render: (row) => {
        const ms = countOf(row.results, 'duration');
        return ms === undefined ? '' : format(t.seconds, { seconds: fmt.number(Math.round(ms / 100) / 10) });
      },
    },
    {
      key: 'results',
      title: t.results,
      hiddenByDefault: true,
      render: (row) => {
        const preview = resultsPreview(row.results);
        return preview ? (
          <Code dir="ltr" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {preview}
          </Code>
        ) : (
          <Text size="sm" c="dimmed" span>
            {t.noResults}
          </Text>
        );
      },
    },
  ];
  return (
    <>
      <PageHeader title={common.mediaSourceRuns} />
      <ResourceTable<Doc>
        resource="media-source-run"
        columns={columns}
        baseParams={baseParams}
        searchFields={['status']}
        searchLabel={t.searchRuns}
        defaultSort="-createdAt"
        rowName={(row) => `${sourceName(row.mediaSource)} ${String(row._id)}`}
        toolbar={<MediaSourceFilter />}
        columnChooserKey="media-source-runs"
        testId="run-table"
      />
    </>
  );
}
