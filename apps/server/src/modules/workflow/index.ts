// The editorial trust workflow (issue 33, ADR 039). The rules live in @tabayyun/workflow and are
// applied on every write by modules/resources/resource-transitions.ts; this module serves the
// newsroom's settings and runs scheduled publishing.
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context.ts';
import { createPublishScheduler, type PublishScheduler } from './scheduled-publish.ts';
import { registerWorkflowRoutes } from './workflow.routes.ts';
import { createWorkflowService, type WorkflowService } from './workflow.service.ts';

export interface WorkflowModule {
  settings: WorkflowService;
  scheduler: PublishScheduler;
}

declare module 'fastify' {
  interface FastifyInstance {
    workflow: WorkflowModule;
  }
}

export async function registerWorkflow(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const { config, database, services } = ctx;
  const settings = createWorkflowService({
    db: database.db,
    guard: services.guard,
    apiBase: config.API_BASE,
    onChange: ({ actor, before, after }) =>
      services.audit.record({
        type: 'workflow-settings-change',
        actor,
        target: 'workflow',
        targetType: 'setting',
        details: { before, after },
      }),
  });
  const scheduler = createPublishScheduler({
    db: database.db,
    resources: services.resources,
    audit: services.audit,
    tickMs: config.PUBLISH_TICK_MS,
    log: app.log,
    onFailed: (failure) => services.notifications.scheduledPublishFailed(failure),
  });
  app.decorate('workflow', { settings, scheduler });
  await app.register(async (api) => registerWorkflowRoutes(api, settings), { prefix: config.API_BASE });

  if (config.PUBLISH_SCHEDULER ?? config.NODE_ENV !== 'test') {
    app.addHook('onReady', async () => scheduler.start());
  }
  app.addHook('onClose', async () => scheduler.stop());
}
