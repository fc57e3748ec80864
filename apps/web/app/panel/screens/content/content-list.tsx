// The fact-check and article lists (spec §2, §7): one screen per status, a link bar between the
// statuses with their counts, search over the title and the normalised text, the filters of §7
// from the address and from controls, sortable columns with a column chooser, and per row: edit,
// move to another status (only those the user may set), open on the site or preview the draft,
// delete with the spec's confirmation. Selected rows move, get a tag or are deleted together with
// one confirmation and one toast.
import {
  Anchor,
  Badge,
  Button,
  ColorSwatch,
  Group,
  Menu,
  Stack,
  Text,
  Tooltip,
  useComputedColorScheme,
} from '@mantine/core';
import { confirm, confirmDelete, showFailedToast, showSuccessToast, showWarningToast } from '@tabayyun/forms';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { type ClientLoaderFunctionArgs, Link, useLocation, useParams } from 'react-router';
import {
  type Column,
  listQueryKey,
  prefetchTable,
  ResourceTable,
} from '../../components/data-table/resource-table.tsx';
import { useListParams } from '../../components/data-table/use-list-params.ts';
import { useWrite } from '../../components/mutations.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { format, useFormatters, usePanelLanguage, useTexts } from '../../i18n/i18n.tsx';
import { apiClient, type Doc, type Params } from '../../lib/api-client.ts';
import { failureMessage } from '../../lib/errors.ts';
import { apiPath, canSetValue, useCan, useRules } from '../../lib/permissions.ts';
import { sessionManager } from '../../lib/session.ts';
import { useSession } from '../../lib/use-session.ts';
import { NotFoundView } from '../../shell/status-view.tsx';
import { ReasonDialog } from '../editors/reason-dialog.tsx';
import { AssignRowButton, BulkAssignButton } from '../queue/assign-control.tsx';
import {
  type CategoryRecord,
  CONTENT_STATUSES,
  type ContentKind,
  type ContentStatus,
  categoriesUnder,
  fetchPreviewLink,
  isContentStatus,
  prefetchCountsAndCategories,
  scheduledCountQuery,
  siteUrl,
  statusCountQuery,
  useCategories,
  useCategoryName,
} from './content-data.ts';
import { ContentFilters } from './content-filters.tsx';
import { CONTENT_TEXTS, type ContentTexts, LANGUAGE_TEXT, STATUS_TEXT, TITLE_TEXT } from './content-texts.ts';
import { RowWorkflowNote } from './row-workflow-note.tsx';

interface TranslationRow {
  _id: string;
  language: 'ar' | 'en' | 'tr';
  status: ContentStatus;
  isSource: boolean;
  needsUpdate: boolean;
}

export interface ContentRow extends Doc {
  _id: string;
  title: string;
  status: ContentStatus;
  language?: 'ar' | 'en' | 'tr';
  translation_id?: string | null;
  /** Every language of the item's group (lookup=translations), itself included. */
  translations?: TranslationRow[];
  author?: { _id: string; name: string } | string | null;
  category?: CategoryRecord | string | null;
  score?: number;
  reads?: number;
  slug?: string;
  tags?: string[];
  createdAt?: string;
  publishedAt?: string | null;
  updatedAt?: string;
  /** Why it went back to draft (sent back, unpublished): shown to its author in the lists. */
  statusReason?: string | null;
  /** The scheduled publication time (issue 33 §5). */
  publishAt?: string | null;
}

const SEARCH_FIELDS: Record<ContentKind, string[]> = {
  factcheck: ['title', 'claimsNormalized', 'againstClaimNormalized', 'conclusionNormalized'],
  article: ['title', 'contentNormalized'],
};
const SELECT: Record<ContentKind, string> = {
  factcheck:
    '_id,title,status,language,translation_id,author,category,score,reads,slug,tags,createdAt,publishedAt,updatedAt,statusReason,publishAt,assignee,dueAt',
  article:
    '_id,title,status,language,translation_id,author,reads,slug,tags,createdAt,publishedAt,updatedAt,statusReason,publishAt,assignee,dueAt',
};
const LOOKUP: Record<ContentKind, string> = {
  factcheck: 'author;category;translations',
  article: 'author;translations',
};

/** A status list, or the items scheduled to publish (issue 33 §5), soonest first. */
type ListView = ContentStatus | 'scheduled';
const isListView = (value: unknown): value is ListView => value === 'scheduled' || isContentStatus(value);
const SCHEDULED_FILTER: Params = { status: '{ne}published', publishAt: '{exists}true' };

const contentBaseParams = (kind: ContentKind, status: ListView): Params => ({
  ...(status === 'scheduled' ? SCHEDULED_FILTER : { status }),
  lookup: LOOKUP[kind],
  select: SELECT[kind],
});
const defaultSort = (status: ListView) =>
  status === 'published' ? '-publishedAt' : status === 'scheduled' ? 'publishAt' : '-createdAt';

/**
 * The lists' clientLoader: starts the page of rows, the status counts and the categories while the
 * screen is drawn (cold start and every move between lists).
 */
export function prefetchContentList(kind: ContentKind, { request, params }: ClientLoaderFunctionArgs): null {
  const status = params.status;
  if (!isListView(status)) return null;
  prefetchTable(
    kind,
    {
      baseParams: contentBaseParams(kind, status),
      searchFields: SEARCH_FIELDS[kind],
      defaultSort: defaultSort(status),
    },
    request,
  );
  prefetchCountsAndCategories([kind]);
  return null;
}

const editUrlOf = (kind: ContentKind, row: ContentRow) =>
  `/panel/${kind}/edit/${encodeURIComponent(row._id)}`;

/** The route module's body: `/panel/<kind>/<status>`; any other status is not found. */
export function ContentListScreen({ kind }: { kind: ContentKind }) {
  const { status } = useParams();
  if (!isListView(status)) return <NotFoundView />;
  return <ContentList key={`${kind}-${status}`} kind={kind} status={status} />;
}

/** The statuses this user may give an item (a fact-checker's grant stops at review). */
function useSettableStatuses(kind: ContentKind): ContentStatus[] {
  const { claims } = useSession();
  const rules = useRules();
  return useMemo(() => {
    const actor = claims ? sessionManager().actor() : null;
    return CONTENT_STATUSES.filter((status) =>
      canSetValue(rules.data, actor, apiPath(kind), 'Patch', 'status', status),
    );
  }, [rules.data, claims, kind]);
}

function StatusNav({ kind, status, t }: { kind: ContentKind; status: ListView; t: ContentTexts }) {
  const fmt = useFormatters();
  const { search } = useLocation();
  // Filters and search follow to the other statuses; paging and sorting start over.
  const carried = useMemo(() => {
    const params = new URLSearchParams(search);
    params.delete('page');
    params.delete('sort_by');
    const text = params.toString();
    return text ? `?${text}` : '';
  }, [search]);
  return (
    <Group component="nav" aria-label={t.statusNav} gap="xs" mb="md" data-testid="status-nav">
      {CONTENT_STATUSES.map((each) => (
        <StatusLink
          key={each}
          kind={kind}
          status={each}
          current={each === status}
          to={carried}
          t={t}
          fmt={fmt}
        />
      ))}
      <StatusLink
        kind={kind}
        status="scheduled"
        current={status === 'scheduled'}
        to={carried}
        t={t}
        fmt={fmt}
      />
    </Group>
  );
}

/**
 * The languages of an item's group: its own first, then the others as links to their editors; a
 * translation whose source changed since it was last saved says "needs update" (ADR 014).
 */
function LanguagesCell({ kind, row, t }: { kind: ContentKind; row: ContentRow; t: ContentTexts }) {
  const own = row.language ?? 'ar';
  const group = row.translations?.length
    ? row.translations
    : [{ _id: row._id, language: own, status: row.status, isSource: true, needsUpdate: false }];
  const ordered = [...group].sort((a, b) => Number(b._id === row._id) - Number(a._id === row._id));
  return (
    <Group
      component="ul"
      gap={4}
      wrap="wrap"
      miw={70}
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={format(t.otherLanguages, { title: row.title })}
      data-language={own}
    >
      {ordered.map((each) => {
        const name = t[LANGUAGE_TEXT[each.language]] ?? each.language;
        const state = format(t.translationState, { language: name, status: t[STATUS_TEXT[each.status]] });
        const label = each.needsUpdate ? `${state}، ${t.needsUpdate}` : state;
        const badge = (
          <Badge
            size="sm"
            tt="none"
            // Its own language plain, the others as light links; "needs update" in a dark orange
            // that keeps AA contrast in both themes.
            variant={each.needsUpdate ? 'filled' : each._id === row._id ? 'default' : 'light'}
            color={each.needsUpdate ? 'orange.9' : 'brand'}
            data-translation={each.language}
            data-needs-update={each.needsUpdate || undefined}
            h="auto"
            py={2}
            styles={{ root: { maxWidth: 'none' }, label: { whiteSpace: 'normal', overflow: 'visible' } }}
          >
            {each.needsUpdate ? `${name} · ${t.needsUpdate}` : name}
          </Badge>
        );
        return (
          <li key={each._id} title={label}>
            {each._id === row._id ? (
              badge
            ) : (
              <Anchor
                component={Link}
                to={`/panel/${kind}/edit/${encodeURIComponent(each._id)}`}
                aria-label={format(t.openTranslation, { language: label })}
                underline="never"
              >
                {badge}
              </Anchor>
            )}
          </li>
        );
      })}
    </Group>
  );
}

function StatusLink(props: {
  kind: ContentKind;
  status: ListView;
  current: boolean;
  to: string;
  t: ContentTexts;
  fmt: ReturnType<typeof useFormatters>;
}) {
  const count = useQuery(
    props.status === 'scheduled'
      ? scheduledCountQuery(props.kind)
      : statusCountQuery(props.kind, props.status),
  );
  return (
    <Button
      component={Link}
      to={`/panel/${props.kind}/${props.status}${props.to}`}
      variant={props.current ? 'filled' : 'default'}
      size="sm"
      aria-current={props.current ? 'page' : undefined}
      data-status-link={props.status}
      rightSection={
        count.data === undefined ? undefined : (
          <Badge
            variant={props.current ? 'white' : 'light'}
            color={props.current ? 'dark' : 'brand'}
            size="sm"
            data-count={count.data}
          >
            {props.fmt.number(count.data)}
          </Badge>
        )
      }
    >
      {props.status === 'scheduled' ? props.t.scheduledList : props.t[STATUS_TEXT[props.status]]}
    </Button>
  );
}

function ContentList({ kind, status }: { kind: ContentKind; status: ListView }) {
  const t = useTexts(CONTENT_TEXTS);
  const fmt = useFormatters();
  const { language } = usePanelLanguage();
  const can = useCan();
  const path = apiPath(kind);
  const write = useWrite();
  const queryClient = useQueryClient();
  const categoryName = useCategoryName();
  const categories = useCategories();
  const settable = useSettableStatuses(kind);
  const canPatch = can('Patch', path);
  const canDelete = can('Delete', path);
  const canCreate = can('Create', path);
  const [list, setList] = useListParams();
  // The scheduled list mixes statuses: its rows move one by one, from their own status.
  const moveTargets = canPatch && status !== 'scheduled' ? settable.filter((s) => s !== status) : [];
  const rowTargets = (row: ContentRow) => (canPatch ? settable.filter((s) => s !== row.status) : []);
  const tags = categoriesUnder(categories.data, 'tag');

  const baseParams = useMemo<Params>(() => contentBaseParams(kind, status), [status, kind]);
  const editUrl = (row: ContentRow) => editUrlOf(kind, row);
  const statusName = (s: ContentStatus) => t[STATUS_TEXT[s]];

  const [reasonFor, setReasonFor] = useState<{ from: ContentStatus; done(reason: string): void } | null>(
    null,
  );
  /** A move back to draft (send back, unpublish) asks for the reason first (issue 33 §1). */
  const withReason = (from: ContentStatus, to: ContentStatus, go: (reason?: string) => void) => {
    if (to === 'draft' && from !== 'draft') setReasonFor({ from, done: (reason) => go(reason) });
    else go();
  };
  const statusOps = (to: ContentStatus, reason?: string) => [
    { op: 'replace' as const, path: '/status', value: to },
    ...(reason ? [{ op: 'replace' as const, path: '/statusReason', value: reason }] : []),
  ];
  const move = (row: ContentRow, to: ContentStatus) =>
    withReason(row.status, to, (reason) =>
      write(kind, () => apiClient().patch(kind, row._id, statusOps(to, reason))),
    );
  const remove = async (row: ContentRow) => {
    if (!(await confirmDelete({ locale: language }))) return;
    await write(
      kind,
      () => apiClient().remove(kind, row._id),
      () => showSuccessToast(t.deleted),
    );
  };

  /** One confirmation, every row in turn, one toast with what worked and what did not. */
  const runBulk = async (
    rows: ContentRow[],
    clear: () => void,
    question: { title: string; text: string; danger?: boolean },
    action: (row: ContentRow) => Promise<unknown>,
  ) => {
    const confirmed = question.danger
      ? await confirmDelete({ locale: language, text: question.text })
      : await confirm({ locale: language, title: question.title, text: question.text });
    if (!confirmed) return;
    let done = 0;
    const failures: string[] = [];
    for (const row of rows) {
      try {
        await action(row);
        done++;
      } catch (error) {
        failures.push(failureMessage(error));
      }
    }
    clear();
    await queryClient.invalidateQueries({ queryKey: listQueryKey(kind) });
    const count = rows.length;
    if (failures.length === 0) showSuccessToast(format(t.bulkDone, { done, count }));
    else {
      const message = [...new Set(failures)].join(' · ');
      const text = format(t.bulkFailed, { done, count, failed: failures.length, message });
      if (done === 0) showFailedToast(text);
      else showWarningToast(text);
    }
  };

  const columns = useMemo<Column<ContentRow>[]>(() => {
    const authorName = (row: ContentRow) =>
      row.author && typeof row.author === 'object' ? row.author.name : (row.author ?? '');
    const cols: Column<ContentRow>[] = [
      {
        key: 'title',
        title: t.colTitle,
        sortable: true,
        render: (row) => (
          <Stack gap={2} miw={200}>
            <Group gap={6} wrap="nowrap" align="flex-start">
              <Anchor
                component={Link}
                to={editUrlOf(kind, row)}
                fw={600}
                size="sm"
                lineClamp={2}
                lang={row.language ?? 'ar'}
                data-row-title
              >
                <span dir="auto">{row.title}</span>
              </Anchor>
              {row.translation_id && row.translation_id !== row._id ? (
                <Badge size="xs" variant="default" tt="none" style={{ flexShrink: 0 }}>
                  {t.translation}
                </Badge>
              ) : null}
            </Group>
            <RowWorkflowNote row={row} />
          </Stack>
        ),
      },
      {
        key: 'author',
        title: t.colAuthor,
        sortable: true,
        render: (row) => (
          <Text size="sm" miw={90}>
            {authorName(row) || t.noAuthor}
          </Text>
        ),
      },
    ];
    if (kind === 'factcheck') {
      cols.push(
        {
          key: 'category',
          title: t.colRating,
          sortable: true,
          render: (row) => {
            const category = row.category && typeof row.category === 'object' ? row.category : null;
            if (!category)
              return <Text size="sm">{typeof row.category === 'string' ? row.category : '—'}</Text>;
            return (
              <Group gap={6} wrap="nowrap">
                <ColorSwatch color={category.color || '#ff3657'} size={10} aria-hidden withShadow={false} />
                {/* A rating is a short phrase ('لا أساس له'): one line, never one word per line. */}
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {categoryName(category)}
                </Text>
              </Group>
            );
          },
        },
        {
          key: 'score',
          title: t.colScore,
          sortable: true,
          render: (row) => (
            <Text size="sm" component="span" dir="ltr">
              {fmt.number(Number(row.score ?? 0))}
            </Text>
          ),
        },
      );
    }
    cols.push(
      {
        key: 'reads',
        title: t.colReads,
        sortable: true,
        render: (row) => <Text size="sm">{fmt.number(Number(row.reads ?? 0))}</Text>,
      },
      {
        key: 'language',
        title: t.colLanguage,
        sortable: true,
        render: (row) => <LanguagesCell kind={kind} row={row} t={t} />,
      },
      {
        key: 'tags',
        title: t.colTags,
        hiddenByDefault: true,
        render: (row) => (
          <Text size="sm">
            {(row.tags ?? [])
              .map((id) => categoryName(categories.data?.find((c) => c._id === id) ?? { _id: id }))
              .join(language === 'ar' ? '، ' : ', ')}
          </Text>
        ),
      },
      {
        key: 'createdAt',
        title: t.colCreated,
        sortable: true,
        hiddenByDefault: status === 'published',
        render: (row) => (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {fmt.dateTime(row.createdAt)}
          </Text>
        ),
      },
      {
        key: 'publishedAt',
        title: t.colPublished,
        sortable: true,
        hiddenByDefault: status !== 'published',
        render: (row) => (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {fmt.dateTime(row.publishedAt)}
          </Text>
        ),
      },
      {
        key: 'updatedAt',
        title: t.colUpdated,
        sortable: true,
        hiddenByDefault: true,
        render: (row) => (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {fmt.dateTime(row.updatedAt)}
          </Text>
        ),
      },
    );
    return cols;
  }, [t, kind, status, fmt, categoryName, categories.data, language]);

  const title = t[TITLE_TEXT[kind][status]];
  return (
    <>
      <PageHeader
        title={title}
        actions={
          canCreate ? (
            <Button component={Link} to={`/panel/${kind}/edit/new`} data-testid="new-item">
              {kind === 'factcheck' ? t.newFactcheck : t.newArticle}
            </Button>
          ) : null
        }
      />
      <StatusNav kind={kind} status={status} t={t} />
      <ReasonDialog
        request={reasonFor ? { from: reasonFor.from } : null}
        onCancel={() => setReasonFor(null)}
        onConfirm={(reason) => {
          reasonFor?.done(reason);
          setReasonFor(null);
        }}
      />
      <ResourceTable<ContentRow>
        resource={kind}
        columns={columns}
        baseParams={baseParams}
        searchFields={SEARCH_FIELDS[kind]}
        searchLabel={kind === 'factcheck' ? t.searchFactchecks : t.searchArticles}
        defaultSort={defaultSort(status)}
        rowName={(row) => row.title}
        columnChooserKey={`${kind}-list`}
        testId={`${kind}-table`}
        toolbar={
          <ContentFilters kind={kind} filters={list.filters} onChange={(filters) => setList({ filters })} />
        }
        rowActions={(row) => (
          <>
            {/* The desk's assignment (issue 35 §1). */}
            {canPatch ? <AssignRowButton resource={kind} row={row} title={row.title} /> : null}
            <RowActions
              kind={kind}
              row={row}
              t={t}
              editUrl={editUrl(row)}
              moveTargets={rowTargets(row)}
              statusName={statusName}
              onMove={(to) => move(row, to)}
              // Whoever may not publish may not delete what is published either (the server's
              // fact-checker grant deletes only status≠published); hide rather than fail.
              onDelete={
                canDelete && (row.status !== 'published' || settable.includes('published'))
                  ? () => remove(row)
                  : undefined
              }
            />
          </>
        )}
        bulkActions={
          moveTargets.length || canDelete || canPatch
            ? (rows, clear) => (
                <Group gap="xs" wrap="wrap">
                  {moveTargets.length ? (
                    <Menu withinPortal position="bottom-start">
                      <Menu.Target>
                        <Button variant="default" size="compact-sm" data-testid="bulk-move">
                          {t.bulkMove}
                        </Button>
                      </Menu.Target>
                      <Menu.Dropdown>
                        {moveTargets.map((to) => (
                          <Menu.Item
                            key={to}
                            data-bulk-move={to}
                            onClick={() =>
                              withReason(status === 'scheduled' ? 'draft' : status, to, (reason) =>
                                runBulk(
                                  rows,
                                  clear,
                                  {
                                    title: t.bulkMoveTitle,
                                    text: format(t.bulkMoveText, {
                                      count: rows.length,
                                      status: statusName(to),
                                    }),
                                  },
                                  (row) => apiClient().patch(kind, row._id, statusOps(to, reason)),
                                ),
                              )
                            }
                          >
                            {statusName(to)}
                          </Menu.Item>
                        ))}
                      </Menu.Dropdown>
                    </Menu>
                  ) : null}
                  {canPatch && tags.length ? (
                    <Menu withinPortal position="bottom-start">
                      <Menu.Target>
                        <Button variant="default" size="compact-sm" data-testid="bulk-tag">
                          {t.bulkAddTag}
                        </Button>
                      </Menu.Target>
                      <Menu.Dropdown>
                        {tags.map((tag) => (
                          <Menu.Item
                            key={tag._id}
                            data-bulk-tag={tag._id}
                            onClick={() =>
                              runBulk(
                                rows,
                                clear,
                                {
                                  title: t.bulkTagTitle,
                                  text: format(t.bulkTagText, { count: rows.length, tag: categoryName(tag) }),
                                },
                                (row) =>
                                  apiClient().patch(kind, row._id, [
                                    {
                                      op: 'replace',
                                      path: '/tags',
                                      value: [...new Set([...(row.tags ?? []), tag._id])],
                                    },
                                  ]),
                              )
                            }
                          >
                            {categoryName(tag)}
                          </Menu.Item>
                        ))}
                      </Menu.Dropdown>
                    </Menu>
                  ) : null}
                  {canPatch ? <BulkAssignButton resource={kind} rows={rows} onDone={clear} /> : null}
                  {canDelete ? (
                    <Button
                      variant="filled"
                      color="red.9"
                      size="compact-sm"
                      data-testid="bulk-delete"
                      onClick={() =>
                        runBulk(
                          rows,
                          clear,
                          {
                            title: t.bulkDelete,
                            text: format(t.bulkDeleteText, { count: rows.length }),
                            danger: true,
                          },
                          (row) => apiClient().remove(kind, row._id),
                        )
                      }
                    >
                      {t.bulkDelete}
                    </Button>
                  ) : null}
                  <Button variant="subtle" size="compact-sm" onClick={clear}>
                    {t.clearSelection}
                  </Button>
                </Group>
              )
            : undefined
        }
      />
    </>
  );
}

function RowActions(props: {
  kind: ContentKind;
  row: ContentRow;
  t: ContentTexts;
  editUrl: string;
  moveTargets: ContentStatus[];
  statusName: (status: ContentStatus) => string;
  onMove: (to: ContentStatus) => void;
  onDelete?: () => void;
}) {
  const { kind, row, t } = props;
  const [opened, setOpened] = useState(false);
  const danger = useComputedColorScheme('light') === 'dark' ? 'red.3' : 'red.9';
  const isPublished = row.status === 'published';
  // The signed preview link is asked for when the menu opens (valid 6 hours; kept 5 minutes).
  const preview = useQuery({
    queryKey: ['preview-link', kind, row._id],
    queryFn: ({ signal }) => fetchPreviewLink(kind, row._id, signal),
    enabled: opened && !isPublished,
    staleTime: 5 * 60_000,
    retry: false,
  });
  return (
    <>
      <Button
        component={Link}
        to={props.editUrl}
        variant="light"
        size="compact-sm"
        aria-label={format(t.editItem, { title: row.title })}
      >
        {t.edit}
      </Button>
      <Menu withinPortal position="bottom-end" opened={opened} onChange={setOpened}>
        <Menu.Target>
          <Button
            variant="default"
            size="compact-sm"
            aria-label={format(t.moreActions, { title: row.title })}
            data-testid="row-menu"
          >
            <span aria-hidden>⋯</span>
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {props.moveTargets.map((to) => (
            <Menu.Item key={to} onClick={() => props.onMove(to)} data-move-to={to}>
              {format(t.moveTo, { status: props.statusName(to) })}
            </Menu.Item>
          ))}
          {props.moveTargets.length ? <Menu.Divider /> : null}
          {isPublished ? (
            <Menu.Item
              component="a"
              href={siteUrl(kind, row)}
              target="_blank"
              rel="noopener"
              data-action="open-site"
            >
              {t.openOnSite}
            </Menu.Item>
          ) : preview.data ? (
            <Menu.Item component="a" href={preview.data} target="_blank" rel="noopener" data-action="preview">
              {t.previewDraft}
            </Menu.Item>
          ) : (
            <Tooltip
              label={preview.isError ? t.previewUnavailable : t.previewPreparing}
              position="left"
              withinPortal
            >
              <Menu.Item
                disabled
                data-action="preview"
                data-unavailable={preview.isError ? 'true' : undefined}
              >
                {t.previewDraft}
              </Menu.Item>
            </Tooltip>
          )}
          {props.onDelete ? (
            <>
              <Menu.Divider />
              <Menu.Item c={danger} onClick={props.onDelete} data-action="delete">
                {t.delete}
              </Menu.Item>
            </>
          ) : null}
        </Menu.Dropdown>
      </Menu>
    </>
  );
}
