// Assignment (issue 35 §1): one dialog (a colleague with access, an optional due time) used from a
// list row, from the lists' bulk actions and from the editor. Each save is a PATCH of assignee and
// dueAt, so the server's checks apply as on any write.
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { showFailedToast, showSuccessToast, showWarningToast } from '@tabayyun/forms';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { listQueryKey } from '../../components/data-table/resource-table.tsx';
import { format, useTexts } from '../../i18n/i18n.tsx';
import type { Doc } from '../../lib/api-client.ts';
import { failureMessage } from '../../lib/errors.ts';
import {
  assigneesQuery,
  type DeskResource,
  fromLocalInput,
  saveAssignment,
  toLocalInput,
} from './desk-data.ts';
import { DESK_TEXTS } from './desk-texts.ts';

export function AssignDialog(props: {
  resource: DeskResource;
  opened: boolean;
  title: string;
  initial: { assignee: string | null; dueAt: unknown };
  onClose(): void;
  onSave(assignee: string | null, dueAt: string | null): Promise<void>;
}) {
  const t = useTexts(DESK_TEXTS);
  const users = useQuery({ ...assigneesQuery(props.resource), enabled: props.opened });
  const [assignee, setAssignee] = useState<string | null>(props.initial.assignee);
  const [due, setDue] = useState(() => toLocalInput(props.initial.dueAt));
  const [busy, setBusy] = useState(false);
  const dueId = useId();
  const options = [
    { value: '', label: t.nobody },
    ...(users.data ?? []).map((u) => ({ value: u._id, label: u.name })),
  ];
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <Stack gap="sm">
        <Select
          label={t.assignee}
          data={options}
          value={assignee ?? ''}
          onChange={(value) => setAssignee(value ? value : null)}
          searchable
          placeholder={users.isLoading ? t.loadingUsers : undefined}
          comboboxProps={{ withinPortal: true }}
          data-testid="assign-user"
        />
        <TextInput
          id={dueId}
          type="datetime-local"
          label={t.dueAt}
          description={t.dueHint}
          value={due}
          onChange={(event) => setDue(event.currentTarget.value)}
          data-testid="assign-due"
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={props.onClose}>
            {t.cancel}
          </Button>
          <Button
            loading={busy}
            data-testid="assign-save"
            onClick={async () => {
              setBusy(true);
              try {
                await props.onSave(assignee, fromLocalInput(due));
              } finally {
                setBusy(false);
              }
            }}
          >
            {t.save}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The colleague's name for an id (from the assignable list), or undefined while unknown. */
function useAssigneeName(resource: DeskResource, id: unknown): string | undefined {
  const users = useQuery({ ...assigneesQuery(resource), enabled: typeof id === 'string' && id !== '' });
  if (typeof id !== 'string' || !id) return undefined;
  return users.data?.find((u) => u._id === id)?.name ?? '…';
}

/** A row's assignment: shows who has it, opens the dialog. */
export function AssignRowButton(props: {
  resource: DeskResource;
  row: Doc & { _id: string };
  title: string;
  disabled?: boolean;
  onSaved?: (doc: Doc) => void;
}) {
  const t = useTexts(DESK_TEXTS);
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const name = useAssigneeName(props.resource, props.row.assignee);
  return (
    <>
      <Button
        variant="default"
        size="compact-sm"
        onClick={() => setOpened(true)}
        disabled={props.disabled}
        aria-label={format(t.assignItem, { title: props.title })}
        title={props.disabled ? t.saveFirst : undefined}
        data-testid="row-assign"
        data-assignee={typeof props.row.assignee === 'string' ? props.row.assignee : undefined}
      >
        {name ? format(t.assignTo, { name }) : t.assign}
      </Button>
      {opened ? (
        <AssignDialog
          resource={props.resource}
          opened
          title={format(t.assignItem, { title: props.title })}
          initial={{ assignee: (props.row.assignee as string | null) ?? null, dueAt: props.row.dueAt }}
          onClose={() => setOpened(false)}
          onSave={async (assignee, dueAt) => {
            try {
              const answer = await saveAssignment(props.resource, props.row._id, assignee, dueAt);
              showSuccessToast(t.assigned);
              setOpened(false);
              await queryClient.invalidateQueries({ queryKey: listQueryKey(props.resource) });
              await queryClient.invalidateQueries({ queryKey: ['desk'] });
              props.onSaved?.(answer.document);
            } catch (error) {
              showFailedToast(failureMessage(error));
            }
          }}
        />
      ) : null}
    </>
  );
}

/** The lists' bulk action: the same assignment for every selected row. */
export function BulkAssignButton(props: {
  resource: DeskResource;
  rows: (Doc & { _id: string })[];
  onDone(): void;
}) {
  const t = useTexts(DESK_TEXTS);
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" size="compact-sm" onClick={() => setOpened(true)} data-testid="bulk-assign">
        {t.bulkAssign}
      </Button>
      {opened ? (
        <AssignDialog
          resource={props.resource}
          opened
          title={format(t.assignBulkTitle, { count: props.rows.length })}
          initial={{ assignee: null, dueAt: null }}
          onClose={() => setOpened(false)}
          onSave={async (assignee, dueAt) => {
            let done = 0;
            const failures: string[] = [];
            for (const row of props.rows) {
              try {
                await saveAssignment(props.resource, row._id, assignee, dueAt);
                done++;
              } catch (error) {
                failures.push(failureMessage(error));
              }
            }
            setOpened(false);
            props.onDone();
            await queryClient.invalidateQueries({ queryKey: listQueryKey(props.resource) });
            await queryClient.invalidateQueries({ queryKey: ['desk'] });
            const text = format(t.bulkAssigned, { done, count: props.rows.length });
            if (failures.length === 0) showSuccessToast(text);
            else if (done === 0) showFailedToast(`${text} · ${[...new Set(failures)].join(' · ')}`);
            else showWarningToast(`${text} · ${[...new Set(failures)].join(' · ')}`);
          }}
        />
      ) : null}
    </>
  );
}
