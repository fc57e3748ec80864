// The one list of the back office (platform §2 "table header"): a search box that filters after a
// 500 ms pause, optional extra controls, sortable columns, rows with actions, optional selection for
// bulk actions, a column chooser remembered per user, and paging with the total. The view (page,
// sort, search, filters) lives in the address (use-list-params.ts).
import {
  Box,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Menu,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { COMMON_TEXTS } from '../../i18n/common.ts';
import { defineTexts, format, useFormatters, useTexts } from '../../i18n/i18n.tsx';
import { apiClient, type Doc, type Params } from '../../lib/api-client.ts';
import { panelQueryClient } from '../../lib/query-client.ts';
import { sessionManager } from '../../lib/session.ts';
import { local, readStorage, writeStorage } from '../../lib/storage-keys.ts';
import { useSession } from '../../lib/use-session.ts';
import { ListViewTools } from '../../screens/views/list-view-tools.tsx';
import { ErrorView } from '../../shell/status-view.tsx';
import { type ListParams, readListParams, useListParams } from './use-list-params.ts';

export const SEARCH_DEBOUNCE_MS = 500;
const DEFAULT_PER_PAGE = 25;

const TABLE_TEXTS = defineTexts({
  en: {
    columns: 'Columns',
    selectAll: 'Select all rows on this page',
    selectRow: 'Select {name}',
    sortBy: 'Sort by {column}',
    pagination: 'Pages',
    firstPage: 'First page',
    previousPage: 'Previous page',
    nextPage: 'Next page',
    lastPage: 'Last page',
    showing: '{from}–{to} of {total}',
  },
  ar: {
    columns: 'الأعمدة',
    selectAll: 'تحديد كل صفوف هذه الصفحة',
    selectRow: 'تحديد {name}',
    sortBy: 'الترتيب حسب {column}',
    pagination: 'الصفحات',
    firstPage: 'الصفحة الأولى',
    previousPage: 'الصفحة السابقة',
    nextPage: 'الصفحة التالية',
    lastPage: 'الصفحة الأخيرة',
    // The range is isolated left to right, or the bidi algorithm shows 1–19 as 19–1.
    showing: '\u2066{from}–{to}\u2069 من {total}',
  },
});

export interface Column<T> {
  key: string;
  title: string;
  render?: (row: T) => ReactNode;
  /** Sort by this field (true: the column key). */
  sortable?: boolean | string;
  /** Hidden at first; the column chooser shows it. */
  hiddenByDefault?: boolean;
  width?: number | string;
}

export interface ResourceTableProps<T extends Doc> {
  resource: string;
  columns: Column<T>[];
  /** Fixed query params (status, lookup, select, path filters). */
  baseParams?: Params;
  /** Fields the search box matches (like search, ORed). */
  searchFields: string[];
  perPage?: number;
  defaultSort?: string;
  /** A name for the row (accessible names of its checkbox and actions). */
  rowName: (row: T) => string;
  rowActions?: (row: T) => ReactNode;
  /** Beside the search box (filters, a create button). */
  toolbar?: ReactNode;
  /** With selection: what to do with the selected rows. */
  bulkActions?: (rows: T[], clear: () => void) => ReactNode;
  /** Remember the visible columns under this name (per user). */
  columnChooserKey?: string;
  searchLabel?: string;
  /** Rows drawn another way (cards); the table still handles search and paging. */
  renderRows?: (rows: T[]) => ReactNode;
  /** Extra params computed from the address (filters from controls). */
  mapFilters?: (params: ListParams) => Params;
  testId?: string;
}

/** The query key of a resource's lists: invalidate ['list', resource] after a write. */
export const listQueryKey = (resource: string, params?: Params) =>
  params ? (['list', resource, params] as const) : (['list', resource] as const);

type TableParamsSource = Pick<ResourceTableProps<Doc>, 'baseParams' | 'mapFilters' | 'searchFields'>;

/** The API query of a table's view: fixed params, the address's filters, page, sort and search. */
export function tableParams(props: TableParamsSource, list: ListParams, perPage = DEFAULT_PER_PAGE): Params {
  return {
    ...props.baseParams,
    ...(props.mapFilters ? props.mapFilters(list) : list.filters),
    page: list.page,
    per_page: perPage,
    ...(list.sortBy ? { sort_by: list.sortBy } : {}),
    ...(list.search ? { search: list.search, searchField: props.searchFields.join(',') } : {}),
  };
}

/** One page of a list, under the key every write to the resource invalidates. */
export function listQueryOptions<T extends Doc>(resource: string, params: Params) {
  return queryOptions({
    queryKey: listQueryKey(resource, params),
    queryFn: ({ signal }) => apiClient().list<T>(resource, params, signal),
  });
}

/**
 * Starts a table's first page from a route's clientLoader (not awaited): the request runs while the
 * screen is drawn, and the table finds it under the same key.
 */
export function prefetchTable(
  resource: string,
  source: TableParamsSource & { defaultSort?: string },
  request: Request,
): void {
  // Without a session the layout sends the visitor to the login page: nothing to start (a request
  // without a token would only leave a 401 in the cache for the screen after sign-in).
  if (!sessionManager().hasSession()) return;
  const list = readListParams(new URL(request.url).searchParams, { sortBy: source.defaultSort });
  void panelQueryClient().prefetchQuery(listQueryOptions(resource, tableParams(source, list)));
}

export function ResourceTable<T extends Doc>(props: ResourceTableProps<T>) {
  const t = useTexts(TABLE_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const fmt = useFormatters();
  const { claims } = useSession();
  const perPage = props.perPage ?? DEFAULT_PER_PAGE;
  const [list, setList] = useListParams({ sortBy: props.defaultSort });
  const [searchText, setSearchText] = useState(list.search);
  const [debounced] = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  // The address's search wins when it changes (a link, the back button, another screen): the text
  // typed before, still in the debounce, must not be written into the new address. Only what the
  // editor typed last, once it has settled, goes into the address.
  const addressSearch = useRef(list.search);
  useEffect(() => {
    if (list.search !== addressSearch.current) {
      addressSearch.current = list.search;
      setSearchText(list.search);
      return;
    }
    if (debounced !== list.search && debounced === searchText) setList({ search: debounced });
  }, [debounced, searchText, list.search, setList]);

  const { baseParams, mapFilters, searchFields } = props;
  const params = useMemo<Params>(
    () => tableParams({ baseParams, mapFilters, searchFields }, list, perPage),
    [baseParams, mapFilters, searchFields, list, perPage],
  );
  const query = useQuery({
    ...listQueryOptions<T>(props.resource, params),
    placeholderData: keepPreviousData,
  });

  const chooserKey =
    props.columnChooserKey && claims ? `columns:${claims.sub}:${props.columnChooserKey}` : undefined;
  const [visible, setVisible] = useState<string[]>(() => {
    const stored = chooserKey ? readStorage(local(), chooserKey) : null;
    if (stored) {
      try {
        return JSON.parse(stored) as string[];
      } catch {
        // fall through to the defaults
      }
    }
    return props.columns.filter((c) => !c.hiddenByDefault).map((c) => c.key);
  });
  const toggleColumn = (key: string) => {
    const next = visible.includes(key) ? visible.filter((k) => k !== key) : [...visible, key];
    setVisible(next);
    if (chooserKey) writeStorage(local(), chooserKey, JSON.stringify(next));
  };
  const columns = props.columns.filter((c) => visible.includes(c.key));

  const [selected, setSelected] = useState<Record<string, T>>({});
  const clearSelection = () => setSelected({});
  const rows = query.data?.data ?? [];
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / perPage));
  const selectable = Boolean(props.bulkActions);
  const selectedRows = Object.values(selected);
  const allOnPage = rows.length > 0 && rows.every((row) => selected[String(row._id)]);

  const sortState = (column: Column<T>): 'ascending' | 'descending' | 'none' => {
    const field = column.sortable === true ? column.key : column.sortable;
    if (!field || !list.sortBy) return 'none';
    if (list.sortBy === field) return 'ascending';
    if (list.sortBy === `-${field}`) return 'descending';
    return 'none';
  };
  const toggleSort = (column: Column<T>) => {
    const field = column.sortable === true ? column.key : String(column.sortable);
    setList({ sortBy: list.sortBy === `-${field}` ? field : `-${field}` });
  };

  const from = total === 0 ? 0 : (list.page - 1) * perPage + 1;
  const to = Math.min(total, list.page * perPage);

  return (
    <Stack
      gap="sm"
      data-testid={props.testId ?? `table-${props.resource}`}
      data-loading={query.isFetching ? 'true' : undefined}
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="wrap" style={{ flex: 1 }}>
          <TextInput
            type="search"
            aria-label={props.searchLabel ?? common.search}
            placeholder={props.searchLabel ?? common.search}
            value={searchText}
            onChange={(event) => setSearchText(event.currentTarget.value)}
            style={{ flex: '1 1 220px', maxWidth: 360 }}
            data-testid="table-search"
          />
          {props.toolbar}
          {/* Save this view, the list's saved views, Export (issue 35 §4). */}
          <ListViewTools resource={props.resource} params={params} columns={columns.map((c) => c.key)} />
        </Group>
        {props.columnChooserKey ? (
          <Menu closeOnItemClick={false} position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="default" size="sm">
                {t.columns}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {props.columns.map((column) => (
                <Menu.Item
                  key={column.key}
                  onClick={() => toggleColumn(column.key)}
                  role="menuitemcheckbox"
                  aria-checked={visible.includes(column.key)}
                >
                  <Checkbox
                    readOnly
                    checked={visible.includes(column.key)}
                    label={column.title}
                    tabIndex={-1}
                    aria-hidden
                  />
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </Group>
      {selectable && selectedRows.length > 0 ? (
        <Paper withBorder p="xs" data-testid="bulk-bar">
          <Group gap="sm">
            <Text size="sm" fw={600}>
              {format(common.rowsSelected, { count: selectedRows.length })}
            </Text>
            {props.bulkActions?.(selectedRows, clearSelection)}
          </Group>
        </Paper>
      ) : null}
      {query.isError ? (
        <ErrorView error={query.error} />
      ) : props.renderRows ? (
        rows.length ? (
          props.renderRows(rows)
        ) : query.isPending ? (
          <Center py="xl">
            <Loader aria-label={common.loading} />
          </Center>
        ) : (
          <Text c="dimmed" py="lg" ta="center">
            {common.noItems}
          </Text>
        )
      ) : (
        <div className="panel-scroll-x">
          <Table striped highlightOnHover verticalSpacing="xs" miw={columns.length * 110}>
            <Table.Thead>
              <Table.Tr>
                {selectable ? (
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label={t.selectAll}
                      checked={allOnPage}
                      indeterminate={!allOnPage && rows.some((row) => selected[String(row._id)])}
                      onChange={() =>
                        setSelected((state) => {
                          const next = { ...state };
                          for (const row of rows) {
                            if (allOnPage) delete next[String(row._id)];
                            else next[String(row._id)] = row;
                          }
                          return next;
                        })
                      }
                    />
                  </Table.Th>
                ) : null}
                {columns.map((column) => (
                  <Table.Th
                    key={column.key}
                    w={column.width}
                    aria-sort={column.sortable ? sortState(column) : undefined}
                  >
                    {column.sortable ? (
                      <UnstyledButton
                        onClick={() => toggleSort(column)}
                        aria-label={format(t.sortBy, { column: column.title })}
                        fw={700}
                        fz="sm"
                      >
                        {column.title}{' '}
                        {sortState(column) === 'ascending'
                          ? '▲'
                          : sortState(column) === 'descending'
                            ? '▼'
                            : ''}
                      </UnstyledButton>
                    ) : (
                      column.title
                    )}
                  </Table.Th>
                ))}
                {props.rowActions ? <Table.Th>{common.actions}</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={String(row._id)} data-row-id={String(row._id)}>
                  {selectable ? (
                    <Table.Td>
                      <Checkbox
                        aria-label={format(t.selectRow, { name: props.rowName(row) })}
                        checked={Boolean(selected[String(row._id)])}
                        onChange={() =>
                          setSelected((state) => {
                            const next = { ...state };
                            if (next[String(row._id)]) delete next[String(row._id)];
                            else next[String(row._id)] = row;
                            return next;
                          })
                        }
                      />
                    </Table.Td>
                  ) : null}
                  {columns.map((column) => (
                    <Table.Td key={column.key}>
                      {column.render ? column.render(row) : String(row[column.key] ?? '')}
                    </Table.Td>
                  ))}
                  {props.rowActions ? (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        {props.rowActions(row)}
                      </Group>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
              {rows.length === 0 && !query.isPending ? (
                <Table.Tr>
                  <Table.Td colSpan={columns.length + (selectable ? 1 : 0) + (props.rowActions ? 1 : 0)}>
                    <Text c="dimmed" ta="center" py="md">
                      {common.noItems}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Table.Tbody>
          </Table>
          {query.isPending ? (
            <Center py="md">
              <Loader size="sm" aria-label={common.loading} />
            </Center>
          ) : null}
        </div>
      )}
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" data-testid="table-total" data-total={total}>
          {format(t.showing, { from: fmt.number(from), to: fmt.number(to), total: fmt.number(total) })}
        </Text>
        {pages > 1 ? (
          <Box component="nav" aria-label={t.pagination}>
            <Pagination
              total={pages}
              value={list.page}
              onChange={(page) => setList({ page })}
              size="sm"
              siblings={1}
              getControlProps={(control) => ({
                'aria-label': {
                  first: t.firstPage,
                  previous: t.previousPage,
                  next: t.nextPage,
                  last: t.lastPage,
                }[control],
              })}
              getItemProps={(page) => ({ 'aria-label': format(common.page, { page: fmt.number(page) }) })}
            />
          </Box>
        ) : null}
      </Group>
    </Stack>
  );
}
