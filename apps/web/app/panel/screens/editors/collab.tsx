// Working together on one record (issue 12, ADR 013/014): who else has it open (presence), what
// to do when a colleague saved first (the conflict view: field by field, nothing overwritten
// silently), the History drawer (revisions, a word-level comparison of two, restore) and the
// warning on a translation whose source changed since it was last saved.
import {
  Alert,
  Badge,
  Box,
  Button,
  Center,
  Checkbox,
  Drawer,
  Group,
  Loader,
  Modal,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { showFailedToast, showSuccessToast } from '@tabayyun/forms';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { COMMON_TEXTS } from '../../i18n/common.ts';
import { format, useFormatters, usePanelLanguage, useTexts } from '../../i18n/i18n.tsx';
import { apiClient, type Doc, type WriteAnswer } from '../../lib/api-client.ts';
import { failureMessage } from '../../lib/errors.ts';
import { isApiError } from '../../lib/http.ts';
import { COLLAB_TEXTS, type CollabTexts } from './collab-texts.ts';
import { type ContentKind, languageLabel, statusLabel } from './content-forms.ts';
import { useEditorOptions } from './editor-data.ts';
import { EDITOR_TEXTS, type EditorTexts } from './editor-texts.ts';
import { NotesHistory } from './notes/notes-history.tsx';
import { readableValue, sameValue, wordDiff } from './word-diff.ts';

/** How often an open editor says it is still there (the server keeps others for 60 s). */
export const PRESENCE_INTERVAL_MS = 20_000;

export interface PresenceEntry {
  user: string;
  name: string;
  since: string;
  lastSeen: string;
}

export interface ConflictDetails {
  resource: string;
  id: string;
  yourVersion: string;
  currentVersion: string;
  changedBy: { _id: string; name: string } | null;
  changedAt: string | null;
  fields: string[];
  fieldsFrom: 'revision' | 'submitted' | 'none';
}

export interface RevisionSummary {
  number: number;
  _version: string;
  action: 'create' | 'update' | 'restore';
  restoredFrom: number | null;
  user: { _id: string; name: string } | null;
  createdAt: string;
  changed: string[];
}

/** The conflict's details when a save answered 409 EDIT_CONFLICT, else null. */
export function editConflictOf(error: unknown): ConflictDetails | null {
  if (!isApiError(error) || error.code !== 'EDIT_CONFLICT') return null;
  const details = (error.details ?? {}) as Partial<ConflictDetails>;
  return {
    resource: String(details.resource ?? ''),
    id: String(details.id ?? ''),
    yourVersion: String(details.yourVersion ?? ''),
    currentVersion: String(details.currentVersion ?? ''),
    changedBy: details.changedBy ?? null,
    changedAt: details.changedAt ?? null,
    fields: Array.isArray(details.fields) ? details.fields.map(String) : [],
    fieldsFrom: details.fieldsFrom ?? 'none',
  };
}

// ————— Presence —————

/** The last "leave" sent: a heartbeat of the same tab waits for it, so a remount cannot be undone by
 * a DELETE that lands after the new POST. */
let lastLeave: Promise<unknown> = Promise.resolve();

/** Heartbeats while the record is open (every 20 s, and when the tab shows again); leaves on unmount. */
export function usePresence(kind: ContentKind, id: string | undefined): PresenceEntry[] {
  const [others, setOthers] = useState<PresenceEntry[]>([]);
  useEffect(() => {
    if (!id) return;
    let stopped = false;
    const body = { resource: kind, id };
    const beat = async () => {
      try {
        await lastLeave;
        const answer = await apiClient().request<{ data: PresenceEntry[] }>('POST', 'presence', { body });
        if (!stopped) setOthers(Array.isArray(answer.data) ? answer.data : []);
      } catch {
        // Presence is advisory: a failed heartbeat only leaves the list as it was.
      }
    };
    void beat();
    const timer = setInterval(() => void beat(), PRESENCE_INTERVAL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void beat();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      lastLeave = apiClient()
        .request('DELETE', 'presence', { body })
        .catch(() => {});
    };
  }, [kind, id]);
  return others;
}

/** "<name> is editing" in the editor's header. */
export function PresenceNames({ others }: { others: PresenceEntry[] }) {
  const c = useTexts(COLLAB_TEXTS);
  const fmt = useFormatters();
  const { language } = usePanelLanguage();
  if (!others.length) return null;
  const names = others.map((o) => o.name || c.unknownUser);
  const text =
    names.length === 1
      ? format(c.isEditing, { name: names[0]! })
      : format(c.areEditing, { names: names.join(language === 'ar' ? '، ' : ', ') });
  return (
    <Badge
      component="span"
      color="grape"
      variant="light"
      role="status"
      data-testid="editor-presence"
      title={others.map((o) => `${o.name}: ${format(c.since, { time: fmt.dateTime(o.since) })}`).join('\n')}
      styles={{ label: { textTransform: 'none' } }}
    >
      {text}
    </Badge>
  );
}

// ————— Field names and values as people read them —————

/** The document fields compared in history and conflicts, in the form's order. */
const FIELD_ORDER = [
  'title',
  'description',
  'slug',
  'language',
  'status',
  'author',
  'images',
  'mediaSource',
  'newsFeed',
  'content',
  'claims',
  'hideClaimsTitle',
  'againstClaim',
  'hideAgainstClaimTitle',
  'conclusion',
  'hideConclusionTitle',
  'category',
  'evaluation',
  'score',
  'claimSummary',
  'topic',
  'tags',
  'country',
  'references',
  'sources',
  'meta',
] as const;

export function fieldLabel(name: string, t: EditorTexts, c: CollabTexts): string {
  if (name === 'meta') return c.meta;
  const label = (t as Record<string, string>)[name];
  return (FIELD_ORDER as readonly string[]).includes(name) && label ? label : c.otherField;
}

/** Reads ids as names (authors, categories, sources), statuses and languages in the interface language. */
export function useValueReader(kind: ContentKind): (field: string, value: unknown) => string {
  const t = useTexts(EDITOR_TEXTS);
  const c = useTexts(COLLAB_TEXTS);
  const options = useEditorOptions(kind === 'factcheck');
  return useMemo(() => {
    const names = new Map<string, string>();
    for (const list of [
      options.authors,
      options.mediaSources,
      options.topics,
      options.tags,
      options.countries,
      options.criteria,
    ])
      for (const item of list) names.set(String(item.value), String(item.display ?? item.value));
    for (const verdict of options.criteria)
      for (const child of options.childrenOf(String(verdict.value)))
        names.set(String(child.value), String(child.display ?? child.value));
    const name = (value: unknown) => names.get(String(value)) ?? String(value ?? '');
    return (field, value) => {
      if (value === null || value === undefined || value === '') return '';
      if (field === 'status') return statusLabel(t, String(value));
      if (field === 'language') return languageLabel(t, String(value));
      if (typeof value === 'boolean') return value ? c.yes : c.no;
      if (['author', 'category', 'topic', 'tags', 'country', 'mediaSource'].includes(field))
        return Array.isArray(value) ? value.map(name).join('\n') : name(value);
      if (field === 'evaluation' && Array.isArray(value))
        return (value as Doc[])
          .map(
            (row) => `${name(row.category)} (${String(row.score ?? 0)}): ${readableValue(row.description)}`,
          )
          .join('\n');
      return readableValue(value);
    };
  }, [options, t, c]);
}

/** The words removed (del) and added (ins) between two texts. */
export function WordDiff({ before, after, dir }: { before: string; after: string; dir: 'rtl' | 'ltr' }) {
  const parts = useMemo(
    () => wordDiff(before, after).map((part, place) => ({ ...part, id: `${place}:${part.kind}` })),
    [before, after],
  );
  return (
    <Text
      component="div"
      size="sm"
      dir={dir}
      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 1.7 }}
      data-testid="word-diff"
    >
      {parts.map((part) =>
        part.kind === 'same' ? (
          <span key={part.id}>{part.text}</span>
        ) : part.kind === 'added' ? (
          <ins key={part.id} className="tb-diff-added" data-diff="added">
            {part.text}
          </ins>
        ) : (
          <del key={part.id} className="tb-diff-removed" data-diff="removed">
            {part.text}
          </del>
        ),
      )}
    </Text>
  );
}

/** Colours of added and removed words with enough contrast in light and dark (plus underline/strike). */
export function DiffStyles() {
  return (
    <style>{`
      .tb-diff-added { background: #dcfce7; color: #14532d; text-decoration: underline; text-decoration-thickness: 1px; }
      .tb-diff-removed { background: #fee2e2; color: #7f1d1d; text-decoration: line-through; }
      [data-mantine-color-scheme="dark"] .tb-diff-added { background: #14532d; color: #dcfce7; }
      [data-mantine-color-scheme="dark"] .tb-diff-removed { background: #7f1d1d; color: #fee2e2; }
      .tb-value { white-space: pre-wrap; overflow-wrap: anywhere; line-height: 1.7; }
    `}</style>
  );
}

// ————— The conflict view —————

export interface ConflictViewProps {
  kind: ContentKind;
  conflict: ConflictDetails;
  /** The document this editor tried to save. */
  mine: Doc;
  contentDir: 'rtl' | 'ltr';
  onClose(): void;
  /** Another conflict on the second save (someone saved again). */
  onConflict(details: ConflictDetails): void;
  onReloadTheirs(theirs: Doc): void;
  onSaved(saved: Doc): void;
}

export function ConflictView({
  kind,
  conflict,
  mine,
  contentDir,
  onClose,
  onConflict,
  onReloadTheirs,
  onSaved,
}: ConflictViewProps) {
  const t = useTexts(EDITOR_TEXTS);
  const c = useTexts(COLLAB_TEXTS);
  const fmt = useFormatters();
  const read = useValueReader(kind);
  const id = String(mine._id);
  const theirs = useQuery({
    queryKey: ['conflict', kind, id, conflict.currentVersion],
    queryFn: ({ signal }) => apiClient().get<Doc>(kind, id, {}, signal),
    staleTime: 0,
    gcTime: 0,
  });
  const [choices, setChoices] = useState<Record<string, 'theirs' | 'mine'>>({});
  const [busy, setBusy] = useState(false);
  // A field both sides hold the same needs no choice.
  const fields = useMemo(
    () => conflict.fields.filter((f) => !theirs.data || !sameValue(theirs.data[f], mine[f])),
    [conflict.fields, theirs.data, mine],
  );
  const allChosen = fields.every((f) => choices[f]);
  const when = fmt.dateTime(conflict.changedAt);
  const save = async () => {
    if (!theirs.data) return;
    const merged: Doc = { ...mine };
    for (const f of fields) if (choices[f] === 'theirs') merged[f] = theirs.data[f];
    setBusy(true);
    try {
      const version = String(theirs.data._version ?? conflict.currentVersion);
      const answer: WriteAnswer = await apiClient().save(kind, merged, { ifMatch: version });
      showSuccessToast(c.conflictSaved);
      onSaved({ ...(answer.document ?? {}), _id: answer._id } as Doc);
    } catch (error) {
      const again = editConflictOf(error);
      if (again) {
        setChoices({});
        onConflict(again);
      } else showFailedToast(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const side = (label: string, value: unknown, field: string, testid: string): ReactNode => {
    const text = read(field, value);
    return (
      <Paper withBorder p="sm" radius="sm" data-testid={testid}>
        <Text size="xs" fw={700} c="dimmed" mb={4}>
          {label}
        </Text>
        {text ? (
          <Text component="div" size="sm" className="tb-value" dir={contentDir}>
            {text}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {c.empty}
          </Text>
        )}
      </Paper>
    );
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={c.conflictTitle}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': c.close }}
      data-testid="conflict-view"
    >
      <DiffStyles />
      <Stack gap="md" data-testid="conflict-view-body">
        <Alert color="orange" variant="light">
          <Text size="sm" fw={700} data-testid="conflict-by">
            {conflict.changedBy?.name
              ? format(c.conflictBy, { name: conflict.changedBy.name, time: when })
              : format(c.conflictBySomeone, { time: when })}
          </Text>
          <Text size="sm">{c.conflictIntro}</Text>
        </Alert>
        {!theirs.data ? (
          theirs.isError ? (
            <Alert color="red">{failureMessage(theirs.error)}</Alert>
          ) : (
            <Center py="md">
              <Loader aria-label={c.conflictLoading} />
            </Center>
          )
        ) : fields.length === 0 ? (
          <Text size="sm">{c.conflictNoFields}</Text>
        ) : (
          fields.map((field) => {
            const label = fieldLabel(field, t, c);
            return (
              <Box key={field} data-testid={`conflict-field-${field}`}>
                <Title order={3} size="h5" mb={6}>
                  {label}
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mb="xs">
                  {side(c.theirs, theirs.data?.[field], field, `conflict-theirs-${field}`)}
                  {side(c.mine, mine[field], field, `conflict-mine-${field}`)}
                </SimpleGrid>
                <Radio.Group
                  value={choices[field] ?? null}
                  onChange={(value) =>
                    setChoices((prev) => ({ ...prev, [field]: value as 'theirs' | 'mine' }))
                  }
                  label={format(c.choiceFor, { field: label })}
                  labelProps={{
                    style: {
                      position: 'absolute',
                      width: 1,
                      height: 1,
                      overflow: 'hidden',
                      clip: 'rect(0 0 0 0)',
                    },
                  }}
                >
                  <Group gap="lg">
                    <Radio
                      value="theirs"
                      label={c.takeTheirs}
                      data-testid={`conflict-take-theirs-${field}`}
                    />
                    <Radio value="mine" label={c.keepMine} data-testid={`conflict-keep-mine-${field}`} />
                  </Group>
                </Radio.Group>
              </Box>
            );
          })
        )}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Button
            variant="default"
            disabled={!theirs.data || busy}
            title={c.reloadTheirsHint}
            onClick={() => theirs.data && onReloadTheirs(theirs.data)}
            data-testid="conflict-reload"
          >
            {c.reloadTheirs}
          </Button>
          <Group gap="xs" wrap="wrap">
            {!allChosen ? (
              <Text size="sm" c="dimmed" data-testid="conflict-choose-all">
                {c.chooseAll}
              </Text>
            ) : null}
            <Button
              color="orange"
              disabled={!theirs.data || !allChosen}
              loading={busy}
              onClick={() => void save()}
              data-testid="conflict-save-mine"
            >
              {c.saveMine}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

// ————— The History drawer —————

export interface HistoryDrawerProps {
  kind: ContentKind;
  id: string;
  opened: boolean;
  /** The version the editor holds (its revision is "current"). */
  currentVersion: string | null;
  dirty: boolean;
  contentDir: 'rtl' | 'ltr';
  onClose(): void;
  onRestored(saved: Doc, number: number): void;
}

const revisionsKey = (kind: ContentKind, id: string) => ['revisions', kind, id] as const;

export function HistoryDrawer({
  kind,
  id,
  opened,
  currentVersion,
  dirty,
  contentDir,
  onClose,
  onRestored,
}: HistoryDrawerProps) {
  const t = useTexts(EDITOR_TEXTS);
  const c = useTexts(COLLAB_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const fmt = useFormatters();
  const { language } = usePanelLanguage();
  const queryClient = useQueryClient();
  const [perPage, setPerPage] = useState(20);
  const list = useQuery({
    queryKey: [...revisionsKey(kind, id), perPage],
    queryFn: ({ signal }) =>
      apiClient().request<{ data: RevisionSummary[]; total: number }>(
        'GET',
        `${kind}/${encodeURIComponent(id)}/revisions`,
        { query: { page: 1, per_page: perPage }, signal },
      ),
    enabled: opened,
    staleTime: 0,
  });
  const [selected, setSelected] = useState<number[]>([]);
  const [confirming, setConfirming] = useState<RevisionSummary | null>(null);
  const [restoring, setRestoring] = useState(false);
  const toggle = (n: number, on: boolean) =>
    setSelected((prev) => (on ? [...prev.filter((x) => x !== n), n].slice(-2) : prev.filter((x) => x !== n)));
  const restore = async (revision: RevisionSummary) => {
    setRestoring(true);
    try {
      const answer = await apiClient().request<WriteAnswer>(
        'POST',
        `${kind}/${encodeURIComponent(id)}/revisions/${revision.number}/restore`,
        currentVersion ? { headers: { 'if-match': `"${currentVersion}"` } } : {},
      );
      setConfirming(null);
      setSelected([]);
      await queryClient.invalidateQueries({ queryKey: revisionsKey(kind, id) });
      showSuccessToast(format(c.restoredVersion, { number: revision.number }));
      onRestored({ ...(answer.document ?? {}), _id: answer._id } as Doc, revision.number);
    } catch (error) {
      // A colleague saved since this editor loaded: the server restored nothing.
      showFailedToast(editConflictOf(error) ? c.restoreConflict : failureMessage(error));
      setConfirming(null);
    } finally {
      setRestoring(false);
    }
  };
  const rows = list.data?.data ?? [];
  const changedText = (r: RevisionSummary) => {
    const names = [...new Set(r.changed.map((f) => fieldLabel(f, t, c)))];
    return names.length
      ? format(c.changed, { fields: names.join(language === 'ar' ? '، ' : ', ') })
      : c.nothingChanged;
  };
  const actionText = (r: RevisionSummary) =>
    r.action === 'create'
      ? c.actionCreate
      : r.action === 'restore'
        ? format(c.actionRestore, { number: r.restoredFrom ?? '' })
        : c.actionUpdate;
  const pair = selected.length === 2 ? ([...selected].sort((a, b) => a - b) as [number, number]) : null;
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      // The end side: Mantine mirrors it in Arabic (away from the navigation).
      position="right"
      size="xl"
      title={c.historyTitle}
      closeButtonProps={{ 'aria-label': c.close }}
      data-testid="history-drawer"
    >
      <DiffStyles />
      <Text size="sm" c="dimmed" mb="sm">
        {c.historyIntro}
      </Text>
      {list.isError ? <Alert color="red">{failureMessage(list.error)}</Alert> : null}
      {!list.data && !list.isError ? (
        <Center py="md">
          <Loader aria-label={common.loading} />
        </Center>
      ) : null}
      {list.data && !rows.length ? <Text size="sm">{c.historyEmpty}</Text> : null}
      <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} data-testid="history-list">
        {rows.map((r) => {
          const isCurrent = r._version === currentVersion;
          return (
            <Paper
              component="li"
              key={r.number}
              withBorder
              p="sm"
              radius="sm"
              data-testid={`revision-${r.number}`}
              bg={selected.includes(r.number) ? 'var(--mantine-color-blue-light)' : undefined}
            >
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                <Group align="flex-start" wrap="nowrap" gap="sm">
                  <Checkbox
                    mt={2}
                    checked={selected.includes(r.number)}
                    onChange={(event) => toggle(r.number, event.currentTarget.checked)}
                    aria-label={format(c.compareSelect, { number: r.number })}
                    data-testid={`revision-select-${r.number}`}
                  />
                  <Box>
                    <Group gap={6}>
                      <Text fw={700} size="sm">
                        {format(c.revision, { number: r.number })}
                      </Text>
                      <Badge
                        size="sm"
                        variant="light"
                        color="gray"
                        styles={{ label: { textTransform: 'none' } }}
                      >
                        {actionText(r)}
                      </Badge>
                      {isCurrent ? (
                        <Badge
                          size="sm"
                          variant="light"
                          color="green"
                          styles={{ label: { textTransform: 'none' } }}
                        >
                          {c.current}
                        </Badge>
                      ) : null}
                    </Group>
                    <Text size="sm">
                      {/* Names and times in their own isolates: Latin names in Arabic text stay in place. */}
                      <bdi>{format(c.revisionBy, { name: r.user?.name || c.unknownUser })}</bdi>
                      {' · '}
                      <bdi>{fmt.dateTime(r.createdAt)}</bdi>
                    </Text>
                    {r.action !== 'create' ? (
                      <Text size="xs" c="dimmed">
                        {changedText(r)}
                      </Text>
                    ) : null}
                  </Box>
                </Group>
                {!isCurrent ? (
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => setConfirming(r)}
                    data-testid={`revision-restore-${r.number}`}
                    aria-label={`${c.restoreThis}: ${format(c.revision, { number: r.number })}`}
                  >
                    {c.restoreThis}
                  </Button>
                ) : null}
              </Group>
            </Paper>
          );
        })}
      </Stack>
      {list.data && list.data.total > rows.length ? (
        <Button variant="subtle" mt="xs" onClick={() => setPerPage((n) => n + 20)}>
          {c.loadMore}
        </Button>
      ) : null}
      {/* The item's notes belong to its history too (issue 35 §2). */}
      {kind === 'factcheck' || kind === 'article' ? <NotesHistory itemType={kind} item={id} /> : null}
      {selected.length === 1 ? (
        <Text size="sm" c="dimmed" mt="md">
          {c.compareHint}
        </Text>
      ) : null}
      {pair ? <RevisionDiff kind={kind} id={id} from={pair[0]} to={pair[1]} contentDir={contentDir} /> : null}
      <Modal
        opened={Boolean(confirming)}
        onClose={() => setConfirming(null)}
        title={confirming ? format(c.restoreTitle, { number: confirming.number }) : ''}
        centered
        closeButtonProps={{ 'aria-label': c.close }}
      >
        <Text size="sm" mb="xs">
          {confirming ? format(c.restoreText, { number: confirming.number }) : ''}
        </Text>
        {dirty ? (
          <Text size="sm" c="red" mb="xs">
            {c.restoreUnsaved}
          </Text>
        ) : null}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(null)}>
            {c.cancel}
          </Button>
          <Button
            loading={restoring}
            onClick={() => confirming && void restore(confirming)}
            data-testid="revision-restore-confirm"
          >
            {c.restoreConfirm}
          </Button>
        </Group>
      </Modal>
    </Drawer>
  );
}

/** Field by field, what changed from one revision to a later one (text as words added and removed). */
function RevisionDiff({
  kind,
  id,
  from,
  to,
  contentDir,
}: {
  kind: ContentKind;
  id: string;
  from: number;
  to: number;
  contentDir: 'rtl' | 'ltr';
}) {
  const t = useTexts(EDITOR_TEXTS);
  const c = useTexts(COLLAB_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const read = useValueReader(kind);
  const [a, b] = useQueries({
    queries: [from, to].map((n) => ({
      queryKey: [...revisionsKey(kind, id), 'document', n],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiClient()
          .request<{ data: (RevisionSummary & { document: Doc })[] }>(
            'GET',
            `${kind}/${encodeURIComponent(id)}/revisions/${n}`,
            { signal },
          )
          .then((answer) => answer.data[0]?.document ?? {}),
      staleTime: Number.POSITIVE_INFINITY,
    })),
  });
  const before = a?.data;
  const after = b?.data;
  const fields = useMemo(
    () =>
      before && after
        ? FIELD_ORDER.filter((f) => f in before || f in after).filter((f) => !sameValue(before[f], after[f]))
        : [],
    [before, after],
  );
  return (
    <Box mt="lg" component="section" aria-labelledby="revision-diff-title" data-testid="revision-diff">
      <Title order={3} size="h4" id="revision-diff-title" mb="sm">
        {format(c.compareTitle, { from, to })}
      </Title>
      {a?.isError || b?.isError ? <Alert color="red">{failureMessage(a?.error ?? b?.error)}</Alert> : null}
      {!before || !after ? (
        <Center py="md">
          <Loader aria-label={common.loading} />
        </Center>
      ) : !fields.length ? (
        <Text size="sm">{c.noDifferences}</Text>
      ) : (
        <Stack gap="md">
          {fields.map((field) => (
            <Paper key={field} withBorder p="sm" radius="sm" data-testid={`revision-diff-${field}`}>
              <Text fw={700} size="sm" mb={4}>
                {fieldLabel(field, t, c)}
              </Text>
              <WordDiff
                before={read(field, before[field])}
                after={read(field, after[field])}
                dir={contentDir}
              />
            </Paper>
          ))}
        </Stack>
      )}
    </Box>
  );
}

/** A translation saved before its source last changed. */
export function NeedsUpdateBanner({ kind }: { kind: ContentKind }) {
  const c = useTexts(COLLAB_TEXTS);
  return (
    <Alert color="yellow" mb="md" title={c.needsUpdateTitle} data-testid="needs-update" role="status">
      <Text size="sm">{kind === 'factcheck' ? c.needsUpdate : c.needsUpdateArticle}</Text>
    </Alert>
  );
}
