// The editor's notes (issue 35 §2): a side panel of threads on the draft, each optionally about one
// field, with @mentions, replies and resolve/reopen. Staff only, like the server's /api/note.
import { Badge, Button, Card, Drawer, Group, Select, Stack, Switch, Text } from '@mantine/core';
import { showFailedToast, showSuccessToast } from '@tabayyun/forms';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useFormatters, useTexts } from '../../../i18n/i18n.tsx';
import { failureMessage } from '../../../lib/errors.ts';
import { type Colleague, MentionTextarea } from './mention-textarea.tsx';
import {
  addNote,
  mentionableQuery,
  NOTE_FIELDS,
  type NoteItemType,
  notesQuery,
  type PanelNote,
  setResolved,
} from './notes-data.ts';
import { NOTES_TEXTS, type NotesTexts } from './notes-texts.ts';

const fieldLabel = (t: NotesTexts, field: string) => t[`field-${field}` as keyof NotesTexts] ?? field;

/** The ids of the colleagues whose "@Name" is still in the text. */
const mentionsIn = (text: string, chosen: Colleague[]) => [
  ...new Set(chosen.filter((c) => text.includes(`@${c.name}`)).map((c) => c._id)),
];

function Composer(props: {
  itemType: NoteItemType;
  item: string;
  parent?: string;
  colleagues: Colleague[];
  label: string;
  submitLabel: string;
  withField?: boolean;
  onDone(): void;
}) {
  const t = useTexts(NOTES_TEXTS);
  const [body, setBody] = useState('');
  const [field, setField] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Colleague[]>([]);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!body.trim()) return;
    setBusy(true);
    try {
      await addNote({
        item: props.item,
        itemType: props.itemType,
        body: body.trim(),
        ...(props.parent ? { parent: props.parent } : { field }),
        mentions: mentionsIn(body, chosen),
      });
      setBody('');
      setChosen([]);
      setField(null);
      showSuccessToast(t.added);
      props.onDone();
    } catch (error) {
      showFailedToast(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs">
      {props.withField ? (
        <Select
          label={t.field}
          data={[
            { value: '', label: t.wholeItem },
            ...NOTE_FIELDS[props.itemType].map((f) => ({ value: f, label: fieldLabel(t, f) })),
          ]}
          value={field ?? ''}
          onChange={(value) => setField(value ? value : null)}
          comboboxProps={{ withinPortal: false }}
          data-testid="note-field"
        />
      ) : null}
      <MentionTextarea
        label={props.label}
        description={t.bodyHint}
        value={body}
        colleagues={props.colleagues}
        suggestionsLabel={t.mentionSuggestions}
        mentionLabel={t.mention}
        onChange={setBody}
        onMention={(c) => setChosen((list) => [...list.filter((x) => x._id !== c._id), c])}
        testId={props.parent ? 'note-reply-body' : 'note-body'}
      />
      <Group justify="flex-end">
        <Button
          size="compact-sm"
          loading={busy}
          disabled={!body.trim()}
          onClick={() => void submit()}
          data-testid={props.parent ? 'note-reply-send' : 'note-add'}
        >
          {props.submitLabel}
        </Button>
      </Group>
    </Stack>
  );
}

export function NotesPanel(props: {
  itemType: NoteItemType;
  item: string;
  opened: boolean;
  onClose(): void;
}) {
  const t = useTexts(NOTES_TEXTS);
  const fmt = useFormatters();
  const queryClient = useQueryClient();
  const notes = useQuery({ ...notesQuery(props.itemType, props.item), enabled: props.opened });
  const colleagues = useQuery({ ...mentionableQuery(props.itemType, props.item), enabled: props.opened });
  const [showResolved, setShowResolved] = useState(false);
  const [replyTo, setReplyTo] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['notes', props.itemType, props.item] });
  const names = useMemo(
    () => new Map((colleagues.data ?? []).map((c) => [c._id, c.name])),
    [colleagues.data],
  );
  const threads = useMemo(() => {
    const all = notes.data ?? [];
    const roots = all.filter((n) => !n.parent);
    return roots.map((root) => ({ root, replies: all.filter((n) => n.parent === root._id) }));
  }, [notes.data]);
  const shown = threads.filter((th) => showResolved || !th.root.resolved);
  const resolve = async (note: PanelNote) => {
    try {
      await setResolved(note._id, !note.resolved);
      await refresh();
    } catch (error) {
      showFailedToast(failureMessage(error));
    }
  };
  const who = (id: string | null) => (id ? (names.get(id) ?? t.someone) : t.someone);
  return (
    <Drawer
      opened={props.opened}
      onClose={props.onClose}
      // Mantine mirrors it under RTL: the reading direction's end, the left in Arabic.
      position="right"
      size="md"
      title={t.panelTitle}
      closeButtonProps={{ 'aria-label': t.close }}
      data-testid="notes-panel"
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t.panelIntro}
        </Text>
        <Card withBorder padding="sm">
          <Composer
            itemType={props.itemType}
            item={props.item}
            colleagues={colleagues.data ?? []}
            label={t.newNote}
            submitLabel={t.add}
            withField
            onDone={() => void refresh()}
          />
        </Card>
        <Switch
          label={t.showResolved}
          checked={showResolved}
          onChange={(event) => setShowResolved(event.currentTarget.checked)}
        />
        {notes.data && shown.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t.empty}
          </Text>
        ) : null}
        {shown.map(({ root, replies }) => (
          <Card
            key={root._id}
            withBorder
            padding="sm"
            data-note-thread={root._id}
            data-resolved={root.resolved}
          >
            <Stack gap="xs">
              <Group gap={6} wrap="wrap">
                {root.field ? (
                  <Badge variant="default" tt="none" data-testid="note-field-badge">
                    {fieldLabel(t, root.field)}
                  </Badge>
                ) : null}
                {root.resolved ? (
                  <Badge color="green.9" variant="filled" tt="none">
                    {t.resolved}
                  </Badge>
                ) : null}
              </Group>
              {[root, ...replies].map((note) => (
                <Stack key={note._id} gap={2} data-note={note._id}>
                  <Text size="xs" c="dimmed">
                    <bdi>{who(note.createdBy)}</bdi> · <bdi>{fmt.dateTime(note.createdAt)}</bdi>
                  </Text>
                  <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
                    {note.body}
                  </Text>
                </Stack>
              ))}
              <Group gap="xs" justify="flex-end">
                <Button
                  variant="subtle"
                  size="compact-sm"
                  onClick={() => setReplyTo(replyTo === root._id ? null : root._id)}
                >
                  {t.reply}
                </Button>
                <Button
                  variant="default"
                  size="compact-sm"
                  onClick={() => void resolve(root)}
                  data-testid="note-resolve"
                >
                  {root.resolved ? t.reopen : t.resolve}
                </Button>
              </Group>
              {replyTo === root._id ? (
                <Composer
                  itemType={props.itemType}
                  item={props.item}
                  parent={root._id}
                  colleagues={colleagues.data ?? []}
                  label={t.replyLabel}
                  submitLabel={t.send}
                  onDone={() => {
                    setReplyTo(null);
                    void refresh();
                  }}
                />
              ) : null}
            </Stack>
          </Card>
        ))}
      </Stack>
    </Drawer>
  );
}

/** The number of open threads, for the button that opens the panel. */
export function useOpenThreads(itemType: NoteItemType, item: string | undefined) {
  const notes = useQuery({ ...notesQuery(itemType, item ?? ''), enabled: Boolean(item) });
  return (notes.data ?? []).filter((n) => !n.parent && !n.resolved).length;
}
