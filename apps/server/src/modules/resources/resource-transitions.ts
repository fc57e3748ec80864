// The editorial workflow on every write of a resource that declares one (issue 33, ADR 039): the
// status state machine, the reason a transition needs, the withdrawal time, scheduled publishing,
// four-eyes and the publish gate. The rules are @tabayyun/workflow's; this file applies them inside
// the write's transaction, so a refusal rolls the whole write back. Every write path (POST, PUT,
// PATCH, revision restore, the feed's Investigate, the scheduler) goes through resource-writes.ts
// and therefore through here.
import { type Db, eq } from '@tabayyun/db';
import type { Actor } from '@tabayyun/permissions';
import {
  decideTransition,
  evaluatePublishGate,
  fourEyesBlocks,
  type ItemStatus,
  isItemAuthor,
  isItemStatus,
  mayDelete,
  NON_SUBSTANTIVE_FIELDS,
  PUBLISH_OWN_WORK,
  type TransitionRule,
  WORKFLOW_TEXTS,
} from '@tabayyun/workflow';
import { AppError, validationFailed } from '../../errors.ts';
import type { Access } from '../../plugins/access.ts';
import { loadGateContext, type PublicSite } from '../workflow/gate-context.ts';
import { readWorkflowSettings } from '../workflow/workflow-settings.ts';
import type { ApiDocument, ResourceDefinition } from './resource-types.ts';
import type { ResourceServiceDeps, WriteOptions } from './resources.service.ts';

/** A status change a write made, for the audit log. */
export interface Transition {
  from: ItemStatus | null;
  to: ItemStatus;
  rule: TransitionRule;
  reason: string | null;
}

/** What `beforeStore` decided: the change (if the status changes) and the columns it sets. */
export interface WorkflowWrite {
  transition: Transition | undefined;
  columns: Record<string, unknown>;
  /** The write schedules a publish (a new or changed `publishAt`): checked like a publish. */
  schedules: boolean;
}

/** Used when no public site is configured (services without the site: auth, files). */
const FALLBACK_SITE: PublicSite = { publicUrl: 'http://127.0.0.1', name: 'Tabayyun' };

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;
const timeOf = (value: unknown): number | null => (value instanceof Date ? value.getTime() : null);

/** May the actor set `status` to `published` with this access (its payload selectors allow it)? */
export const canPublish = (access: Access): boolean =>
  access.payload.every(
    (allowed) => !Object.hasOwn(allowed, 'status') || allowed.status!.includes('published'),
  );

const refusal = (
  def: ResourceDefinition,
  id: string | undefined,
  from: string | null,
  to: string,
  rule: string,
  text: { en: string; ar: string },
) =>
  new AppError('TRANSITION_NOT_ALLOWED', `${text.en} (${def.name} ${from ?? 'new'} → ${to}: ${rule})`, {
    resource: def.name,
    ...(id ? { id } : {}),
    from,
    to,
    rule,
    messages: text,
  });

export function createTransitions(deps: ResourceServiceDeps) {
  const site = deps.publicSite ?? FALLBACK_SITE;
  const mayPublishOwnWork = (actor: Actor) =>
    deps.guard.check(actor, PUBLISH_OWN_WORK.path, PUBLISH_OWN_WORK.action).granted;

  /**
   * Before the row is stored: the state machine decides the status change (403
   * TRANSITION_NOT_ALLOWED naming the rule; 400 when a needed reason is missing), and the workflow
   * columns follow: the reason travels with a change only, `withdrawnAt` marks an unpublish, and a
   * `publishAt` needs the publish right.
   */
  function beforeStore(args: {
    def: ResourceDefinition;
    actor: Actor;
    access: Access;
    existing: ApiDocument | undefined;
    input: Record<string, unknown>;
    now: Date;
  }): WorkflowWrite {
    const { def, actor, access, existing, input, now } = args;
    const from = existing ? (isItemStatus(existing.status) ? existing.status : 'draft') : null;
    const to = isItemStatus(input.status) ? input.status : (from ?? 'draft');
    const publishRight = canPublish(access);
    // The author (who submitted it, no one else editing since) may recall it from review.
    const isAuthor = isItemAuthor(existing, actor.sub);
    const decision = decideTransition({ from, to, canPublish: publishRight, isAuthor });
    if (!decision.allowed) {
      const texts =
        decision.reason === 'publish-right' ? WORKFLOW_TEXTS.publishRight : WORKFLOW_TEXTS.notATransition;
      throw refusal(def, existing?._id, from, to, decision.rule, texts);
    }
    // A reason is the one this write gives: a PATCH carries the stored one along, which is not new.
    const given = text(input.statusReason);
    const reason = given !== null && given !== text(existing?.statusReason) ? given : null;
    if (decision.reasonRequired && !reason) {
      throw validationFailed(
        { statusReason: WORKFLOW_TEXTS.reasonRequired.en },
        `A reason is required to ${decision.rule === 'unpublish' ? 'unpublish' : 'send back'} this item`,
      );
    }
    const changes = from !== to;
    const unpublishes = from === 'published' && to !== 'published';
    const columns: Record<string, unknown> = {
      // The reason belongs to the change it came with; other writes keep the stored one.
      statusReason: changes || !existing ? reason : (existing.statusReason ?? null),
      withdrawnAt: unpublishes ? now : to === 'published' ? null : (existing?.withdrawnAt ?? null),
      // The tombstone's public reason is the unpublish's own (ADR 048): a later send-back's reason
      // (statusReason, internal) never replaces it.
      withdrawnReason: unpublishes ? reason : to === 'published' ? null : (existing?.withdrawnReason ?? null),
    };
    if (!existing) columns.lastEditedBy = actor.sub ?? null;
    // Who put the item in review (a submit, or created in review); cleared when it leaves review.
    columns.submittedBy =
      to !== 'review' ? null : from !== 'review' ? (actor.sub ?? null) : (existing?.submittedBy ?? null);

    // Scheduled publishing (§5): a time on an item not published yet, set by someone who may publish.
    let publishAt = input.publishAt instanceof Date ? input.publishAt : null;
    if (to === 'published') publishAt = null;
    const schedules = publishAt !== null && timeOf(publishAt) !== timeOf(existing?.publishAt);
    if (schedules && !publishRight) {
      throw refusal(def, existing?._id, from, 'published', 'schedule', WORKFLOW_TEXTS.publishRight);
    }
    columns.publishAt = publishAt;
    columns.scheduledBy =
      publishAt === null ? null : schedules ? (actor.sub ?? null) : (existing?.scheduledBy ?? null);

    // A new draft or review is no transition; a new published item is a publish.
    const transition = changes && (existing || to === 'published');
    return {
      transition: transition ? { from, to, rule: decision.rule, reason } : undefined,
      columns,
      schedules,
    };
  }

  /**
   * After the row is stored, in the same transaction: the author of a substantive edit is recorded,
   * then a publish (or a new schedule) meets four-eyes and the publish gate on the stored document.
   * Seeding and imports (`preserveTimestamps`, never reachable over HTTP) load history as it was:
   * the state machine applies, four-eyes and the gate do not.
   */
  async function afterStore(args: {
    tx: Db;
    def: ResourceDefinition;
    actor: Actor;
    existing: ApiDocument | undefined;
    document: ApiDocument;
    changed: readonly string[];
    write: WorkflowWrite;
    now: Date;
    options: WriteOptions;
  }): Promise<void> {
    const { tx, def, actor, existing, document, write } = args;
    const workflow = def.workflow!;
    const editor = actor.sub ?? null;
    if (
      existing &&
      document.lastEditedBy !== editor &&
      args.changed.some((f) => !NON_SUBSTANTIVE_FIELDS.includes(f))
    ) {
      await tx
        .update(def.table)
        .set({ lastEditedBy: editor })
        .where(eq(def.fields._id!.column, document._id));
      document.lastEditedBy = editor;
    }
    const publishes = write.transition?.to === 'published';
    if ((!publishes && !write.schedules) || args.options.preserveTimestamps) return;
    if (!workflow.fourEyes && !workflow.gate) return;
    const settings = await readWorkflowSettings(tx);
    if (
      workflow.fourEyes &&
      fourEyesBlocks({
        enabled: settings.fourEyes,
        lastEditor: typeof document.lastEditedBy === 'string' ? document.lastEditedBy : null,
        actor: editor,
        mayPublishOwnWork: mayPublishOwnWork(actor),
      })
    ) {
      throw refusal(
        def,
        document._id,
        write.transition?.from ?? (existing?.status as string | undefined) ?? null,
        'published',
        'four-eyes',
        WORKFLOW_TEXTS.fourEyes,
      );
    }
    if (!workflow.gate) return;
    const context = await loadGateContext(tx, {
      doc: document,
      kind: def.name,
      gate: settings.gate,
      site,
      now: args.now,
    });
    const result = evaluatePublishGate(document, context);
    if (result.unmet.length > 0) {
      throw new AppError(
        'PUBLISH_GATE',
        `This ${def.name} cannot be published yet: ${result.unmet.map((u) => u.key).join(', ')}`,
        { resource: def.name, id: document._id, unmet: result.unmet, warnings: result.warnings },
      );
    }
  }

  /** Nothing ever published is deleted, by anyone: a withdrawal (unpublish) is the way out. */
  function beforeDelete(def: ResourceDefinition, existing: ApiDocument): void {
    if (!mayDelete(existing)) {
      throw refusal(
        def,
        existing._id,
        String(existing.status),
        'deleted',
        'delete-published',
        WORKFLOW_TEXTS.deletePublished,
      );
    }
  }

  /** The audit entry of a transition: publish, unpublish, or another status change. */
  function auditOf(transition: Transition): {
    type: 'publish' | 'unpublish' | 'status-change';
    details: Record<string, unknown>;
  } {
    const type =
      transition.to === 'published'
        ? 'publish'
        : transition.rule === 'unpublish'
          ? 'unpublish'
          : 'status-change';
    return {
      type,
      details: { from: transition.from, to: transition.to, rule: transition.rule, reason: transition.reason },
    };
  }

  return { beforeStore, afterStore, beforeDelete, auditOf };
}
