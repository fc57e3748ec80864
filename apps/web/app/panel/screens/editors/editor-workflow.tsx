// The editorial workflow inside the editor (issue 33 §1, §2): the publishing control with its live
// checklist, the reason dialog (send back, unpublish, or the form's own status field moving an item
// back to draft), the sent-back / withdrawn banner, and the server's refusals in plain words. The
// editor calls prepare() on every save body and settle() / refused() with the answer.
import { Alert, Text } from '@mantine/core';
import { showFailedToast, showSavedToast, showSaveFailedToast, showSuccessToast } from '@tabayyun/forms';
import { isItemAuthor } from '@tabayyun/workflow';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { listQueryKey } from '../../components/data-table/resource-table.tsx';
import { format, usePanelLanguage, useTexts } from '../../i18n/i18n.tsx';
import { apiClient, type Doc } from '../../lib/api-client.ts';
import { failureMessage } from '../../lib/errors.ts';
import { useSession } from '../../lib/use-session.ts';
import { workflowSettingsQuery } from '../workflow-settings/workflow-settings-data.ts';
import { type ContentKind, type Status, statusLabel } from './content-forms.ts';
import type { EditorTexts } from './editor-texts.ts';
import { PublishPanel } from './publish-panel.tsx';
import { ReasonDialog, type ReasonRequest } from './reason-dialog.tsx';
import { ScheduleControl } from './schedule-control.tsx';
import { workflowRefusalOf } from './workflow-errors.ts';
import { useGateChecks } from './workflow-gate.ts';
import { reasonNeeded, type WorkflowAction, workflowActions } from './workflow-state.ts';
import { WORKFLOW_TEXTS } from './workflow-texts.ts';

/** Thrown by prepare() when the user cancels the reason dialog: nothing is sent. */
export class WorkflowCancelled extends Error {}

interface Transition {
  action: WorkflowAction['kind'] | 'schedule' | 'unschedule' | 'acknowledge';
  to?: Status;
  reason?: string;
  /** Scheduled publishing (issue 33 §5): the time, or null to cancel. */
  publishAt?: string | null;
  /** Claim sources acknowledged as impossible to archive (the gate's evidence item). */
  evidenceAcknowledged?: string[];
}

export interface EditorWorkflowOptions {
  kind: ContentKind;
  record: Doc | undefined;
  values: Record<string, unknown>;
  isDirty: boolean;
  mayWrite: boolean;
  mayPublish: boolean;
  t: EditorTexts;
  /** Saves the form and stays (the transition rides on that save). */
  save(): Promise<void>;
  /** Opens the editor afresh on a record the workflow changed without the form. */
  reopen(doc: Doc): void;
  /** Opens a field of the form (its section first). */
  goTo(field: string): void;
}

export function useEditorWorkflow(o: EditorWorkflowOptions) {
  const w = useTexts(WORKFLOW_TEXTS);
  const { language } = usePanelLanguage();
  const queryClient = useQueryClient();
  const { claims } = useSession();
  const pending = useRef<Transition | null>(null);
  const [busy, setBusy] = useState(false);
  const [request, setRequest] = useState<ReasonRequest | null>(null);
  const answer = useRef<((reason: string | null) => void) | null>(null);
  const [serverUnmet, setServerUnmet] = useState<string[]>([]);
  const settings = useQuery(workflowSettingsQuery());
  const status = o.record?._id ? String(o.record.status ?? 'draft') : null;

  const askReason = useCallback(
    (from: string) =>
      new Promise<string | null>((resolve) => {
        answer.current = resolve;
        setRequest({ from });
      }),
    [],
  );
  const closeDialog = (reason: string | null) => {
    setRequest(null);
    answer.current?.(reason);
    answer.current = null;
  };

  const checks = useGateChecks(o.kind, o.values, o.record, serverUnmet);
  const actions = useMemo(
    () =>
      workflowActions({
        status,
        mayWrite: o.mayWrite,
        mayPublish: o.mayPublish,
        isDirty: o.isDirty,
        fourEyes: {
          enabled: settings.data?.fourEyes ?? true,
          lastEditor: typeof o.record?.lastEditedBy === 'string' ? o.record.lastEditedBy : null,
          actor: claims?.sub ?? null,
          mayPublishOwnWork: (claims?.roles ?? []).includes('super-admin'),
        },
        gateBlocks: checks.some((c) => !c.met && !c.off && c.level === 'error'),
        submittedBy: typeof o.record?.submittedBy === 'string' ? o.record.submittedBy : null,
      }),
    [status, o.mayWrite, o.mayPublish, o.isDirty, o.record, settings.data, claims, checks],
  );

  // Scheduling asks what publishing asks, except being in review (the scheduler publishes a draft too).
  const publishBlocks = (actions.find((a) => a.kind === 'publish')?.blockedBy ?? []).filter(
    (b) => b !== 'notInReview',
  );

  const run = async (action: WorkflowAction) => {
    let reason: string | undefined;
    if (action.needsReason) {
      const given = await askReason(status ?? 'draft');
      if (given === null) return;
      reason = given;
    }
    await saveWith({ action: action.kind, to: action.to, ...(reason ? { reason } : {}) });
  };
  /**
   * With unsaved edits the change rides on the form's save; otherwise it is a PATCH of only what
   * changes, so a publish never counts as an edit of the publisher's (four-eyes compares fields).
   */
  const saveWith = async (transition: Transition) => {
    pending.current = transition;
    setBusy(true);
    try {
      if (o.isDirty || !o.record?._id) await o.save();
      else await patchWith(transition, String(o.record._id));
    } finally {
      pending.current = null;
      setBusy(false);
    }
  };
  const patchWith = async (transition: Transition, id: string) => {
    const replace = (path: string, value: unknown) => ({ op: 'replace' as const, path, value });
    const operations = [
      ...(transition.to ? [replace('/status', transition.to)] : []),
      ...(transition.reason ? [replace('/statusReason', transition.reason)] : []),
      ...(transition.publishAt !== undefined ? [replace('/publishAt', transition.publishAt)] : []),
      ...(transition.evidenceAcknowledged
        ? [replace('/evidenceAcknowledged', transition.evidenceAcknowledged)]
        : []),
    ];
    try {
      const answer = await apiClient().patch(o.kind, id, operations);
      const saved = { ...(answer.document ?? {}), _id: answer._id } as Doc;
      if (transition.action === 'acknowledge') showSavedToast(language);
      settle(saved);
      await queryClient.invalidateQueries({ queryKey: listQueryKey(o.kind) });
      o.reopen(saved);
    } catch (error) {
      if (!refused(error)) showSaveFailedToast(failureMessage(error), language);
    }
  };

  /** Puts the transition (or the form's status change with its reason) on a save body. */
  const prepare = async (doc: Doc): Promise<Doc> => {
    const transition = pending.current;
    if (transition) {
      return {
        ...doc,
        ...(transition.to ? { status: transition.to } : {}),
        ...(transition.reason ? { statusReason: transition.reason } : {}),
        ...(transition.publishAt !== undefined ? { publishAt: transition.publishAt } : {}),
        ...(transition.evidenceAcknowledged ? { evidenceAcknowledged: transition.evidenceAcknowledged } : {}),
      };
    }
    const isAuthor = isItemAuthor(o.record, claims?.sub);
    if (status && reasonNeeded(status, doc.status, o.mayPublish, isAuthor)) {
      const reason = await askReason(status);
      if (reason === null) throw new WorkflowCancelled();
      return { ...doc, statusReason: reason };
    }
    return doc;
  };

  /** After a saved answer: the transition's own toast; true when the status changed. */
  const settle = (saved: Doc): boolean => {
    setServerUnmet([]);
    const transition = pending.current;
    if (!transition) return false;
    if (transition.action === 'acknowledge') return true;
    const happened = transition.to
      ? saved.status === transition.to
      : Boolean(saved.publishAt) === Boolean(transition.publishAt);
    if (!happened) return false;
    const done = {
      submit: w.submitted,
      sendBack: w.sentBack,
      recall: w.recalled,
      publish: w.published,
      unpublish: w.unpublished,
      schedule: w.scheduleSaved,
      unschedule: w.scheduleCancelled,
    };
    showSuccessToast(done[transition.action]);
    return true;
  };

  /** A workflow refusal shown in plain words (true), or another failure left to the caller. */
  const refused = (error: unknown): boolean => {
    if (error instanceof WorkflowCancelled) return true;
    const refusal = workflowRefusalOf(error, w, (s) => statusLabel(o.t, s));
    if (!refusal) return false;
    if (refusal.unmet.length) setServerUnmet(refusal.unmet);
    showFailedToast(
      <>
        <Text fw={700} size="sm">
          {refusal.title}
        </Text>
        <Text size="sm">{refusal.message}</Text>
      </>,
    );
    return true;
  };

  const panel: ReactNode = o.mayWrite ? (
    <PublishPanel
      actions={actions}
      checks={checks}
      busy={busy}
      onAction={(a) => void run(a)}
      onGoTo={o.goTo}
      schedule={
        status !== null && status !== 'published' && o.mayPublish ? (
          <ScheduleControl
            publishAt={typeof o.record?.publishAt === 'string' ? o.record.publishAt : null}
            blocked={publishBlocks.length > 0}
            busy={busy}
            onSchedule={(publishAt) =>
              void saveWith({ action: publishAt ? 'schedule' : 'unschedule', publishAt })
            }
          />
        ) : null
      }
    />
  ) : null;
  const dialog = (
    <ReasonDialog request={request} onCancel={() => closeDialog(null)} onConfirm={closeDialog} />
  );
  const acknowledge = (urls: string[]) =>
    void saveWith({ action: 'acknowledge', evidenceAcknowledged: urls });
  return {
    panel,
    dialog,
    banner: <StatusReasonBanner record={o.record} />,
    prepare,
    settle,
    refused,
    acknowledge: o.mayWrite && !busy ? acknowledge : undefined,
  };
}

/** The reason an item went back to draft: sent back by a reviewer, or withdrawn from the site. */
export function StatusReasonBanner({ record }: { record: Doc | undefined }) {
  const w = useTexts(WORKFLOW_TEXTS);
  const reason = typeof record?.statusReason === 'string' ? record.statusReason.trim() : '';
  if (!reason || record?.status !== 'draft') return null;
  const withdrawn = Boolean(record.withdrawnAt);
  return (
    <Alert
      color={withdrawn ? 'red' : 'orange'}
      variant="light"
      mb="md"
      title={withdrawn ? w.withdrawnTitle : w.sentBackTitle}
      data-testid="status-reason-banner"
    >
      <Text size="sm" dir="auto">
        {format(w.sentBackBy, { reason })}
      </Text>
    </Alert>
  );
}
