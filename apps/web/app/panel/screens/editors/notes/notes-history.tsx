// The item's notes in its history (issue 35 §2): every note, oldest first, with who wrote it, when,
// the field it is about, and whether its thread was resolved. Read-only: the notes panel edits.
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useFormatters, useTexts } from '../../../i18n/i18n.tsx';
import { mentionableQuery, type NoteItemType, notesQuery } from './notes-data.ts';
import { NOTES_TEXTS, type NotesTexts } from './notes-texts.ts';

export function NotesHistory({ itemType, item }: { itemType: NoteItemType; item: string }) {
  const t = useTexts(NOTES_TEXTS);
  const fmt = useFormatters();
  const notes = useQuery(notesQuery(itemType, item));
  const colleagues = useQuery(mentionableQuery(itemType, item));
  if (!notes.data || notes.data.length === 0) return null;
  const names = new Map((colleagues.data ?? []).map((c) => [c._id, c.name]));
  const resolved = new Set(notes.data.filter((n) => !n.parent && n.resolved).map((n) => n._id));
  return (
    <Stack gap="xs" mt="lg" data-testid="history-notes">
      <Title order={3} size="h5">
        {t.notes}
      </Title>
      <Stack gap={6} component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {notes.data.map((note) => {
          const thread = note.parent ?? note._id;
          return (
            <Paper component="li" key={note._id} withBorder p="xs" radius="sm" data-history-note={note._id}>
              <Group gap={6} wrap="wrap">
                <Text size="xs" c="dimmed">
                  <bdi>{(note.createdBy && names.get(note.createdBy)) || t.someone}</bdi>
                  {' · '}
                  <bdi>{fmt.dateTime(note.createdAt)}</bdi>
                </Text>
                {note.field ? (
                  <Badge size="xs" variant="default" tt="none">
                    {t[`field-${note.field}` as keyof NotesTexts] ?? note.field}
                  </Badge>
                ) : null}
                {!note.parent && resolved.has(thread) ? (
                  <Badge size="xs" color="green.9" variant="filled" tt="none">
                    {t.resolved}
                  </Badge>
                ) : null}
              </Group>
              <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
                {note.body}
              </Text>
            </Paper>
          );
        })}
      </Stack>
    </Stack>
  );
}
