// The fact-check and article editors (one component, two definitions): load the record first
// (404 → not found, other errors → the error view), one form-engine form with collapsible
// sections, save with PUT/POST and the spec's toasts, then one level up to the saved status's list
// (Ctrl/Cmd+S saves and stays). Unsaved work is guarded (beforeunload, in-app navigation) and
// copied to local storage. The header carries the status, Preview / Copy preview link,
// "Translate into…", who else is editing, and History (issue 12's second half, collab.tsx): every
// save sends If-Match with the version loaded, and a colleague's earlier save opens the conflict
// view instead of being overwritten; a restore or "reload theirs" opens the editor afresh.
import {
  Alert,
  Badge,
  Box,
  Button,
  Center,
  Grid,
  Group,
  Loader,
  Menu,
  Modal,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  type CustomWidgets,
  DynamicForm,
  lazyWidget,
  showFailedToast,
  showSavedToast,
  showSaveFailedToast,
  showSuccessToast,
  useFormEngine,
} from '@tabayyun/forms';
import type { Actor } from '@tabayyun/permissions';
import { allowedStatuses, isItemStatus } from '@tabayyun/workflow';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useBlocker, useNavigate, useParams, useSearchParams } from 'react-router';
import { listQueryKey } from '../../components/data-table/resource-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ContentDirectionContext, RICH_TEXT_TYPE } from '../../components/rich-text/direction-context.ts';
import { COMMON_TEXTS } from '../../i18n/common.ts';
import { format, useFormatters, usePanelLanguage, useTexts } from '../../i18n/i18n.tsx';
import { apiClient, type Doc, type WriteAnswer } from '../../lib/api-client.ts';
import { failureMessage } from '../../lib/errors.ts';
import { apiPath, canSetValue, useCan, useRules } from '../../lib/permissions.ts';
import { sessionManager } from '../../lib/session.ts';
import { useSession } from '../../lib/use-session.ts';
import { ErrorView } from '../../shell/status-view.tsx';
import { deskAdapter } from '../feeds/desk-forms.ts';
import {
  AUTOSAVE_INTERVAL_MS,
  type Autosaved,
  autosaveKey,
  clearAutosave,
  isNewerThan,
  readAutosave,
  writeAutosave,
} from './autosave.ts';
import {
  type ConflictDetails,
  ConflictView,
  editConflictOf,
  HistoryDrawer,
  NeedsUpdateBanner,
  type PresenceEntry,
  PresenceNames,
  usePresence,
} from './collab.tsx';
import { COLLAB_TEXTS } from './collab-texts.ts';
import {
  articleDefinition,
  CONTENT_LANGUAGES,
  type ContentKind,
  type ContentLanguage,
  FEED_LINK_TYPE,
  factcheckDefinition,
  formToRecord,
  languageLabel,
  liveScore,
  recordToForm,
  SEO_PREVIEW_TYPE,
  STATUSES,
  type Status,
  statusLabel,
  translationOf,
} from './content-forms.ts';
import { CorrectionControl } from './correction-dialog.tsx';
import { useEditorOptions } from './editor-data.ts';
import { EDITOR_TEXTS, type EditorTexts } from './editor-texts.ts';
import { EditorValuesContext, FeedLinkWidget, SeoPreviewWidget } from './editor-widgets.tsx';
import { useEditorWorkflow } from './editor-workflow.tsx';
import { EvidencePanel } from './evidence-panel.tsx';
import { DeskControls } from './notes/desk-controls.tsx';
import { recordQuery, recordQueryKey } from './record-query.ts';

const EDITOR_WIDGETS: CustomWidgets = {
  // tiptap and ProseMirror load after the editor's shell (ADR 015): the form draws first.
  [RICH_TEXT_TYPE]: lazyWidget(() =>
    import('../../components/rich-text/rich-text-widget.tsx').then((m) => ({ default: m.RichTextWidget })),
  ),
  [FEED_LINK_TYPE]: FeedLinkWidget,
  [SEO_PREVIEW_TYPE]: SeoPreviewWidget,
};

/** The version of the record the form holds (`_version`, sent back as If-Match). */
const versionOf = (doc: Doc | undefined): string | null =>
  typeof doc?._version === 'string' && doc._version ? doc._version : null;

export interface ContentEditorProps {
  kind: ContentKind;
  /** Presence of other editors (filled in by the concurrency work). */
  presence?: ReactNode;
  /** Shows the History button when given (revisions). */
  onShowHistory?: (record: Doc) => void;
}

/** The route: `new` or a loaded record. */
export function ContentEditorRoute(props: ContentEditorProps) {
  const { id = 'new' } = useParams();
  return id === 'new' ? <NewEditor {...props} key="new" /> : <LoadedEditor {...props} id={id} key={id} />;
}

function NewEditor(props: ContentEditorProps) {
  const [search] = useSearchParams();
  const newsFeedId = props.kind === 'factcheck' ? search.get('newsFeed') : null;
  const feed = useQuery({
    queryKey: ['record', 'feed', newsFeedId, 'for-factcheck'],
    queryFn: ({ signal }) =>
      apiClient().get<Doc>('feed', String(newsFeedId), { select: '_id,title,mediaSource' }, signal),
    enabled: Boolean(newsFeedId),
  });
  if (feed.isError) return <ErrorView error={feed.error} />;
  if (newsFeedId && !feed.data) return <LoadingEditor kind={props.kind} />;
  return (
    <Editor
      {...props}
      newsFeed={
        feed.data
          ? {
              _id: String(feed.data._id),
              title: typeof feed.data.title === 'string' ? feed.data.title : '',
              mediaSource: Array.isArray(feed.data.mediaSource) ? feed.data.mediaSource.map(String) : [],
            }
          : null
      }
    />
  );
}

function LoadingEditor({ kind }: { kind: ContentKind }) {
  const t = useTexts(EDITOR_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  return (
    <>
      <PageHeader title={kind === 'factcheck' ? t.editFactcheck : t.editArticle} />
      <Center py="xl">
        <Loader aria-label={common.loading} />
      </Center>
    </>
  );
}

function LoadedEditor(props: ContentEditorProps & { id: string }) {
  const queryClient = useQueryClient();
  const others = usePresence(props.kind, props.id);
  // A restore or "reload theirs" opens the editor afresh on the record given.
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(
    (doc: Doc) => {
      queryClient.setQueryData(recordQueryKey(props.kind, props.id), doc);
      setGeneration((n) => n + 1);
    },
    [queryClient, props.kind, props.id],
  );
  const query = useQuery(recordQuery(props.kind, props.id));
  if (query.isError) return <ErrorView error={query.error} />;
  if (!query.data) return <LoadingEditor kind={props.kind} />;
  return <Editor {...props} key={generation} record={query.data} others={others} onReload={reload} />;
}

function usePublishing(kind: ContentKind, isNew: boolean): boolean {
  const snapshot = useSession();
  const rules = useRules();
  return useMemo(
    () =>
      canSetValue(
        rules.data,
        snapshot.claims ? (sessionManager().actor() as Actor) : null,
        apiPath(kind),
        isNew ? 'Create' : 'Update',
        'status',
        'published',
      ),
    [rules.data, snapshot, kind, isNew],
  );
}

interface EditorProps extends ContentEditorProps {
  record?: Doc;
  newsFeed?: { _id: string; title?: string; mediaSource?: string[] } | null;
  /** Other editors with this record open. */
  others?: PresenceEntry[];
  /** Opens the editor afresh on this document (after a restore, or "reload theirs"). */
  onReload?: (doc: Doc) => void;
}

function Editor({ kind, record: loaded, newsFeed, presence, onShowHistory, others, onReload }: EditorProps) {
  const t = useTexts(EDITOR_TEXTS);
  const c = useTexts(COLLAB_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const fmt = useFormatters();
  const { language } = usePanelLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const can = useCan();
  const snapshot = useSession();
  const [record, setRecord] = useState<Doc | undefined>(loaded);
  const isNew = !record?._id;
  const id = record?._id ? String(record._id) : undefined;
  // Optimistic concurrency: the version loaded goes back as If-Match; each save answers the next.
  const version = useRef<string | null>(versionOf(loaded));
  const [conflict, setConflict] = useState<{ details: ConflictDetails; mine: Doc } | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const mayWrite = isNew ? can('Create', apiPath(kind)) : can('Update', apiPath(kind));
  const mayPublish = usePublishing(kind, isNew);
  const options = useEditorOptions(kind === 'factcheck');
  const [initialValues] = useState(() => recordToForm(kind, loaded, { now: new Date(), newsFeed }));
  const [category, setCategory] = useState<string | null>((initialValues.category as string | null) ?? null);
  const currentStatus = String(initialValues.status ?? 'draft') as Status;
  // The workflow's moves from the saved status (issue 33 §1), and the status itself. A fact-check is
  // published by the Publishing control alone: it checks the gate and four-eyes first, and changes
  // nothing else (a save that also publishes would make the publisher its last editor).
  const statuses = useMemo<Status[]>(() => {
    const open = allowedStatuses(isNew || !isItemStatus(currentStatus) ? null : currentStatus, mayPublish);
    const viaForm = (s: Status) => open.includes(s) && (s !== 'published' || kind === 'article');
    return STATUSES.filter((s) => s === currentStatus || viaForm(s));
  }, [mayPublish, currentStatus, isNew, kind]);
  const definition = useMemo(() => {
    const context = { t, options, statuses, category, readOnly: !mayWrite && !options.isLoading };
    return kind === 'factcheck' ? factcheckDefinition(context) : articleDefinition(context);
  }, [kind, t, options, statuses, category, mayWrite]);
  const adapter = useMemo(deskAdapter, []);

  const stayRef = useRef(false);
  const allowLeave = useRef(false);
  const key = autosaveKey(kind, id, snapshot.claims?.sub);

  // The workflow (publishing control, reason dialog) is set up below, once the form exists.
  const workflowRef = useRef<ReturnType<typeof useEditorWorkflow> | null>(null);
  const onSubmit = async (values: Record<string, unknown>) => {
    // A status change that needs a reason asks for it here; a cancel sends nothing.
    const doc = (await workflowRef.current?.prepare(formToRecord(kind, values, record))) as Doc;
    let answer: WriteAnswer;
    try {
      answer = await apiClient().save(kind, doc, { ifMatch: version.current });
    } catch (error) {
      const details = editConflictOf(error);
      // A colleague saved first: nothing was written; the conflict view decides, field by field.
      if (details) setConflict({ details, mine: doc });
      else if (!workflowRef.current?.refused(error)) showSaveFailedToast(failureMessage(error), language);
      throw error;
    }
    showSavedToast(language);
    clearAutosave(key);
    const saved = { ...(answer.document ?? {}), _id: answer._id } as Doc;
    version.current = versionOf(saved);
    queryClient.setQueryData(recordQueryKey(kind, answer._id), saved);
    await queryClient.invalidateQueries({ queryKey: listQueryKey(kind) });
    const stay = stayRef.current;
    stayRef.current = false;
    // A workflow action (Submit, Send back, Publish, Unpublish) opens the editor afresh on the answer.
    if (workflowRef.current?.settle(saved) && stay && !isNew) {
      reopenRef.current(saved);
      return saved;
    }
    if (stay) {
      setRecord(saved);
      if (isNew) {
        clearAutosave(autosaveKey(kind, undefined, snapshot.claims?.sub));
        allowLeave.current = true;
        navigate(`/panel/${kind}/edit/${encodeURIComponent(answer._id)}`, { replace: true });
      }
      return saved;
    }
    allowLeave.current = true;
    navigate(`/panel/${kind}/${String(saved.status ?? values.status ?? 'draft')}`);
    return saved;
  };

  const engine = useFormEngine(definition, {
    initialValues,
    onSubmit,
    adapter,
    widgets: EDITOR_WIDGETS,
  });
  const engineRef = useRef(engine);
  engineRef.current = engine;

  // The evaluation rows pick among the chosen category's children; the score follows live.
  const values = engine.values;
  useEffect(() => {
    const chosen = (values.category as string | null) ?? null;
    if (chosen !== category) setCategory(chosen);
  }, [values.category, category]);
  useEffect(() => {
    if (kind !== 'factcheck' || options.isLoading) return;
    const score = liveScore(options.scoreOf(values.category as string | null), values.evaluation);
    if (score !== values.score) engineRef.current.setValue('score', score);
  }, [kind, options, values.category, values.evaluation, values.score]);

  const submit = useCallback(async (stay: boolean) => {
    stayRef.current = stay;
    try {
      const result = await engineRef.current.submit();
      if (!result.submitted) stayRef.current = false;
    } catch {
      // The failure toast is shown; the form stays dirty.
      stayRef.current = false;
    }
  }, []);

  const workflow = useEditorWorkflow({
    kind,
    record,
    values: engine.values,
    isDirty: engine.isDirty,
    mayWrite,
    mayPublish,
    t,
    save: () => submit(true),
    reopen: (doc) => reopenRef.current(doc),
    goTo: (name) => {
      const section = definition.sections?.find((s) => s.fields.some((f) => f.name === name))?.name;
      if (section && !engine.openSections.includes(section))
        engine.setOpenSections([...engine.openSections, section]);
      // After the section has opened: the field into view, its first control focused.
      window.setTimeout(() => {
        // A form field, or a panel of the editor (the evidence archive).
        const field = document.querySelector<HTMLElement>(
          `[data-field-name="${name}"], [data-testid="${name}"]`,
        );
        field?.scrollIntoView({ block: 'center' });
        field
          ?.querySelector<HTMLElement>('input:not([type=hidden]), textarea, [contenteditable="true"], button')
          ?.focus({ preventScroll: true });
      }, 50);
    },
  });
  workflowRef.current = workflow;

  // Ctrl/Cmd+S saves and stays.
  useEffect(() => {
    if (!mayWrite) return;
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void submit(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [mayWrite, submit]);

  // Autosave while dirty.
  const dirtyRef = useRef(false);
  dirtyRef.current = engine.isDirty;
  useEffect(() => {
    const timer = setInterval(() => {
      if (dirtyRef.current && !allowLeave.current) writeAutosave(key, engineRef.current.values);
    }, AUTOSAVE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [key]);
  const [offered, setOffered] = useState<Autosaved | null>(() => {
    const saved = readAutosave(key);
    return isNewerThan(saved, loaded?.updatedAt) ? saved : null;
  });
  const restore = () => {
    if (!offered) return;
    engine.setValues(offered.values);
    setOffered(null);
    showSuccessToast(t.restored);
  };
  const discard = () => {
    clearAutosave(key);
    setOffered(null);
  };

  // In-app navigation away from a dirty form asks first.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !allowLeave.current && dirtyRef.current && currentLocation.pathname !== nextLocation.pathname,
  );

  const title = isNew
    ? kind === 'factcheck'
      ? t.newFactcheck
      : t.newArticle
    : String(record?.title || (kind === 'factcheck' ? t.editFactcheck : t.editArticle));
  const savedStatus = String(record?.status ?? 'draft');
  const contentLanguage = String(values.language ?? 'ar');
  const sourceId =
    record?.translation_id && record.translation_id !== record._id ? String(record.translation_id) : null;
  const contentDir = contentLanguage === 'ar' ? 'rtl' : 'ltr';
  // Opening afresh drops the unsaved copy (it belongs to the version replaced).
  const reopen = (doc: Doc) => {
    clearAutosave(key);
    allowLeave.current = true;
    setConflict(null);
    setHistoryOpen(false);
    if (onReload) onReload(doc);
    else {
      setRecord(doc);
      version.current = versionOf(doc);
      engine.reset(recordToForm(kind, doc, { now: new Date() }));
    }
  };
  const reopenRef = useRef(reopen);
  reopenRef.current = reopen;
  const showHistory = onShowHistory ?? (id ? () => setHistoryOpen(true) : undefined);

  return (
    <EditorValuesContext value={{ kind, values }}>
      <ContentDirectionContext value={contentLanguage === 'ar' ? 'rtl' : 'ltr'}>
        <PageHeader
          title={title}
          description={
            <Group gap="xs" component="span" wrap="wrap">
              <Badge
                component="span"
                variant="light"
                color={savedStatus === 'published' ? 'green' : savedStatus === 'review' ? 'orange' : 'gray'}
                data-testid="editor-status"
              >
                {statusLabel(t, savedStatus)}
              </Badge>
              <CorrectionControl
                kind={kind}
                record={record}
                dirty={engine.isDirty}
                onRecordChanged={reopen}
              />
              {/* The desk (issue 35): assignment and notes. */}
              <DeskControls kind={kind} record={record} dirty={engine.isDirty} onRecordChanged={reopen} />
              {engine.isDirty ? (
                <Text span size="sm" c="dimmed" data-testid="editor-dirty">
                  {t.unsavedHint}
                </Text>
              ) : null}
              {presence || others?.length ? (
                <Box component="span" data-slot="presence">
                  {presence ?? <PresenceNames others={others ?? []} />}
                </Box>
              ) : null}
            </Group>
          }
          actions={
            <HeaderActions
              kind={kind}
              record={record}
              values={values}
              t={t}
              mayWrite={mayWrite}
              onSave={() => void submit(true)}
              {...(showHistory ? { onShowHistory: showHistory } : {})}
            />
          }
        />
        {sourceId && record?.needsUpdate === true ? <NeedsUpdateBanner kind={kind} /> : null}
        {workflow.banner}
        {offered ? (
          <Alert color="blue" mb="md" data-testid="autosave-offer" title={t.restore}>
            <Stack gap="xs">
              <Text size="sm">{format(t.autosaveFound, { time: fmt.dateTime(offered.savedAt) })}</Text>
              <Group gap="xs">
                <Button size="xs" onClick={restore} data-testid="autosave-restore">
                  {t.restore}
                </Button>
                <Button size="xs" variant="default" onClick={discard}>
                  {t.discard}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}
        {workflow.panel}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: sourceId ? 7 : 12 }}>
            {options.isLoading ? (
              <Center py="xl">
                <Loader aria-label={common.loading} />
              </Center>
            ) : (
              <DynamicForm
                engine={engine}
                definition={definition}
                onSubmitError={() => {}}
                hideSubmit={!mayWrite}
                submitLabel={t.saveAndClose}
              />
            )}
          </Grid.Col>
          {sourceId ? (
            <Grid.Col span={{ base: 12, lg: 5 }} visibleFrom="lg">
              <SourcePanel kind={kind} id={sourceId} />
            </Grid.Col>
          ) : null}
        </Grid>
        {kind === 'factcheck' && id ? (
          <EvidencePanel
            factcheckId={id}
            acknowledged={
              Array.isArray(record?.evidenceAcknowledged) ? record.evidenceAcknowledged.map(String) : []
            }
            {...(workflow.acknowledge ? { onAcknowledge: workflow.acknowledge } : {})}
          />
        ) : null}
        {conflict && id ? (
          <ConflictView
            kind={kind}
            conflict={conflict.details}
            mine={conflict.mine}
            contentDir={contentDir}
            onClose={() => setConflict(null)}
            onConflict={(details) => setConflict((prev) => (prev ? { ...prev, details } : prev))}
            onReloadTheirs={(theirs) => {
              reopen(theirs);
              showSuccessToast(c.reloaded);
            }}
            onSaved={(saved) => {
              void queryClient.invalidateQueries({ queryKey: listQueryKey(kind) });
              reopen(saved);
            }}
          />
        ) : null}
        {id && !onShowHistory ? (
          <HistoryDrawer
            kind={kind}
            id={id}
            opened={historyOpen}
            currentVersion={version.current}
            dirty={engine.isDirty}
            contentDir={contentDir}
            onClose={() => setHistoryOpen(false)}
            onRestored={(saved) => {
              void queryClient.invalidateQueries({ queryKey: listQueryKey(kind) });
              reopen(saved);
            }}
          />
        ) : null}
        {workflow.dialog}
        <Modal
          opened={blocker.state === 'blocked'}
          onClose={() => blocker.reset?.()}
          title={t.leaveTitle}
          centered
        >
          <Text mb="md">{t.leaveText}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => blocker.reset?.()} data-testid="leave-stay">
              {t.stay}
            </Button>
            <Button color="red" onClick={() => blocker.proceed?.()} data-testid="leave-confirm">
              {t.leave}
            </Button>
          </Group>
        </Modal>
      </ContentDirectionContext>
    </EditorValuesContext>
  );
}

function HeaderActions({
  kind,
  record,
  values,
  t,
  mayWrite,
  onSave,
  onShowHistory,
}: {
  kind: ContentKind;
  record: Doc | undefined;
  values: Record<string, unknown>;
  t: EditorTexts;
  mayWrite: boolean;
  onSave(): void;
  onShowHistory?: (record: Doc) => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const can = useCan();
  const [busy, setBusy] = useState(false);
  const id = record?._id ? String(record._id) : undefined;
  const status = String(record?.status ?? 'draft');
  const previewLink = async (): Promise<string> => {
    const answer = await apiClient().request<{ data: { url: string; expiresAt: string } }>(
      'GET',
      `${kind}/${encodeURIComponent(String(id))}/preview-link`,
    );
    return new URL(answer.data.url, window.location.origin).toString();
  };
  const openPreview = async () => {
    // Opened at once (a pop-up opened after an await is blocked), then pointed at the link.
    const tab = window.open('about:blank', '_blank');
    try {
      const url = await previewLink();
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else window.open(url, '_blank', 'noopener');
    } catch (error) {
      tab?.close();
      showFailedToast(failureMessage(error));
    }
  };
  const copyPreview = async () => {
    try {
      const url = await previewLink();
      await navigator.clipboard.writeText(url);
      showSuccessToast(t.urlCopied);
    } catch (error) {
      showFailedToast(failureMessage(error));
    }
  };
  const translate = async (target: ContentLanguage) => {
    if (!record) return;
    setBusy(true);
    try {
      const answer = await apiClient().create(kind, translationOf(kind, record, values, target));
      showSuccessToast(format(t.translationCreated, { language: languageLabel(t, target) }));
      await queryClient.invalidateQueries({ queryKey: listQueryKey(kind) });
      navigate(`/panel/${kind}/edit/${encodeURIComponent(answer._id)}`);
    } catch (error) {
      showSaveFailedToast(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const mayTranslate = can('Create', apiPath(kind));
  const current = String(values.language ?? 'ar');
  return (
    <Group gap="xs" wrap="wrap">
      <Button component={Link} to={`/panel/${kind}/${status}`} variant="default">
        {t.backToList}
      </Button>
      {onShowHistory && record ? (
        <Button variant="default" onClick={() => onShowHistory(record)} data-testid="editor-history">
          {t.history}
        </Button>
      ) : null}
      <Button
        variant="default"
        disabled={!id}
        title={t.previewHint}
        onClick={() => void openPreview()}
        data-testid="editor-preview"
      >
        {t.preview}
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" aria-label={t.moreActions} data-testid="editor-more" disabled={!id}>
            ⋯
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => void copyPreview()} data-testid="editor-copy-preview">
            {t.copyPreviewLink}
          </Menu.Item>
          {kind === 'factcheck' && status === 'published' && id ? (
            <>
              {/* The verdict share images the site serves (issue 36 §2), to post by hand. */}
              <Menu.Label>{t.shareImages}</Menu.Label>
              {(['', '-square'] as const).map((suffix) => (
                <Menu.Item
                  key={suffix}
                  component="a"
                  href={`/share/factcheck/${encodeURIComponent(String(record?.slug || id))}${suffix}.png`}
                  download
                  data-testid={`editor-share-image${suffix}`}
                >
                  {suffix ? t.shareImageSquare : t.shareImageWide}
                </Menu.Item>
              ))}
            </>
          ) : null}
          {mayTranslate ? (
            <>
              <Menu.Label>{t.translateInto}</Menu.Label>
              {CONTENT_LANGUAGES.filter((l) => l !== current).map((target) => (
                <Menu.Item
                  key={target}
                  disabled={busy}
                  onClick={() => void translate(target)}
                  data-testid={`translate-${target}`}
                >
                  {format(t.translateIntoLanguage, { language: languageLabel(t, target) })}
                </Menu.Item>
              ))}
            </>
          ) : null}
        </Menu.Dropdown>
      </Menu>
      {mayWrite ? (
        <Button onClick={onSave} title={t.saveAndStay} data-testid="editor-save">
          {t.saveKeepEditing}
        </Button>
      ) : null}
    </Group>
  );
}

/** The source of a translation, read-only, beside the form on wide screens. */
function SourcePanel({ kind, id }: { kind: ContentKind; id: string }) {
  const t = useTexts(EDITOR_TEXTS);
  const source = useQuery({
    queryKey: recordQueryKey(kind, id),
    queryFn: ({ signal }) => apiClient().get<Doc>(kind, id, {}, signal),
  });
  const doc = source.data;
  const language = String(doc?.language ?? 'ar');
  const fields: [string, string][] =
    kind === 'factcheck'
      ? [
          ['content', t.content],
          ['claims', t.claims],
          ['againstClaim', t.againstClaim],
          ['conclusion', t.conclusion],
          ['references', t.references],
          ['sources', t.sources],
        ]
      : [['content', t.content]];
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="aside"
      aria-labelledby="translation-source-title"
      data-testid="translation-source"
      style={{ position: 'sticky', top: 72 }}
    >
      <Title order={2} size="h4" id="translation-source-title" mb="xs">
        {format(t.sourceTitle, { language: languageLabel(t, language) })}
      </Title>
      {!doc ? (
        <Text size="sm" c="dimmed">
          {t.loadingSource}
        </Text>
      ) : (
        <ScrollArea.Autosize mah="calc(100vh - 160px)" type="auto">
          <Stack gap="sm" dir={language === 'ar' ? 'rtl' : 'ltr'} lang={language}>
            <Text fw={700} size="lg" data-testid="translation-source-title">
              {String(doc.title ?? '')}
            </Text>
            <Text size="sm">{String(doc.description ?? '')}</Text>
            {fields.map(([name, label]) =>
              typeof doc[name] === 'string' && doc[name] ? (
                <Box key={name}>
                  <Text size="sm" fw={700} c="dimmed">
                    {label}
                  </Text>
                  {/* biome-ignore lint/security/noDangerouslySetInnerHtml: stored HTML is sanitised by the server on write (allow-list). */}
                  <Box className="tb-source-html" dangerouslySetInnerHTML={{ __html: String(doc[name]) }} />
                </Box>
              ) : null,
            )}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Paper>
  );
}
