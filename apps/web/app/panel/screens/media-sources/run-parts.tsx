// Pieces of the read-only scraping lists: the media-source filter kept in the address, the status
// with a coloured dot (the text stays in the body colour for contrast), a source's name.
import { Box, Group, Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { listQueryKey } from '../../components/data-table/resource-table.tsx';
import { useListParams } from '../../components/data-table/use-list-params.ts';
import { useTexts } from '../../i18n/i18n.tsx';
import { apiClient, type Doc } from '../../lib/api-client.ts';
import { MEDIA_SOURCE_TEXTS, runStatusLabel } from './media-source-texts.ts';

const SOURCES_PARAMS = { per_page: 500, select: '_id,name', sort_by: 'name' };

export function useMediaSourceNames() {
  return useQuery({
    queryKey: listQueryKey('media-source', SOURCES_PARAMS),
    queryFn: ({ signal }) => apiClient().list<Doc>('media-source', SOURCES_PARAMS, signal),
    staleTime: 60_000,
  });
}

/** `?mediaSource=<id>` in the address: the lists filter by it (the query language's equality). */
export function MediaSourceFilter() {
  const t = useTexts(MEDIA_SOURCE_TEXTS);
  const [list, setList] = useListParams();
  const sources = useMediaSourceNames();
  const current = list.filters.mediaSource ?? null;
  const data = (sources.data?.data ?? []).map((s) => ({
    value: String(s._id),
    label: String(s.name ?? s._id),
  }));
  if (current && !data.some((d) => d.value === current)) data.unshift({ value: current, label: current });
  return (
    <Select
      aria-label={t.filterBySource}
      placeholder={t.allSources}
      data={data}
      value={current}
      onChange={(value) => {
        const { mediaSource: _previous, ...rest } = list.filters;
        setList({ filters: value ? { ...rest, mediaSource: value } : rest });
      }}
      clearable
      searchable
      comboboxProps={{ withinPortal: true }}
      style={{ flex: '1 1 220px', maxWidth: 320 }}
      data-testid="media-source-filter"
    />
  );
}

const DOT: Record<string, string> = {
  success: 'var(--mantine-color-teal-6)',
  done: 'var(--mantine-color-teal-6)',
  partial: 'var(--mantine-color-yellow-6)',
  running: 'var(--mantine-color-blue-6)',
  failed: 'var(--mantine-color-red-6)',
};

export function RunStatus({ status }: { status: unknown }) {
  const t = useTexts(MEDIA_SOURCE_TEXTS);
  return (
    <Group gap={6} wrap="nowrap" data-status={String(status ?? '')}>
      <Box
        aria-hidden
        w={10}
        h={10}
        style={{
          borderRadius: '50%',
          flex: 'none',
          background: DOT[String(status)] ?? 'var(--mantine-color-gray-6)',
        }}
      />
      <Text size="sm" span>
        {runStatusLabel(t, status)}
      </Text>
    </Group>
  );
}

/** A looked-up media source (or its id) as its name. */
export const sourceName = (value: unknown): string =>
  value && typeof value === 'object'
    ? String((value as Doc).name ?? (value as Doc)._id)
    : String(value ?? '');
