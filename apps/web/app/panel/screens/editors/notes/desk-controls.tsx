// The editor's desk controls (issue 35 §1–2), beside its status: who the item is assigned to (and
// by when), and the notes panel. An assignment is its own write: with unsaved changes in the form
// it waits (saving first keeps the edit-conflict check simple), like adding a correction.
import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { format, useTexts } from '../../../i18n/i18n.tsx';
import type { Doc } from '../../../lib/api-client.ts';
import { AssignRowButton } from '../../queue/assign-control.tsx';
import { NotesPanel, useOpenThreads } from './notes-panel.tsx';
import { NOTES_TEXTS } from './notes-texts.ts';

export function DeskControls(props: {
  kind: 'factcheck' | 'article';
  record: Doc | undefined;
  dirty: boolean;
  onRecordChanged(doc: Doc): void;
}) {
  const t = useTexts(NOTES_TEXTS);
  const [opened, setOpened] = useState(false);
  const id = props.record?._id ? String(props.record._id) : undefined;
  const open = useOpenThreads(props.kind, id);
  if (!id || !props.record) return null;
  return (
    <Group gap={6} component="span" wrap="wrap">
      <AssignRowButton
        resource={props.kind}
        row={{ ...props.record, _id: id }}
        title={String(props.record.title ?? '')}
        disabled={props.dirty}
        onSaved={props.onRecordChanged}
      />
      <Button variant="default" size="compact-sm" onClick={() => setOpened(true)} data-testid="open-notes">
        {open > 0 ? format(t.notesCount, { count: open }) : t.notes}
      </Button>
      <NotesPanel itemType={props.kind} item={id} opened={opened} onClose={() => setOpened(false)} />
    </Group>
  );
}
