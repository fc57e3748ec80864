// GET/PUT /api/settings/workflow (administrators): { fourEyes, gate: { <item>: boolean } }.
import { GATE_ITEM_KEYS } from '@tabayyun/workflow';
import type { FastifyInstance } from 'fastify';
import type { WorkflowService } from './workflow.service.ts';

const settingsSchema = {
  type: 'object',
  properties: {
    fourEyes: { type: 'boolean' },
    gate: {
      type: 'object',
      properties: Object.fromEntries(GATE_ITEM_KEYS.map((k) => [k, { type: 'boolean' }])),
    },
  },
} as const;
const errorAnswer = { $ref: 'error#' } as const;
const errors = { 400: errorAnswer, 401: errorAnswer, 403: errorAnswer } as const;
// The service validates the body, so a bad one is one catalogue 400 (VALIDATION_FAILED).
const acceptAnyBody = () => (data: unknown) => ({ value: data });

export function registerWorkflowRoutes(app: FastifyInstance, workflow: WorkflowService): void {
  const tags = ['settings'];
  app.get(
    '/settings/workflow',
    {
      schema: {
        tags,
        summary: 'The editorial workflow settings: four-eyes and the publish gate items (administrators)',
        response: { 200: settingsSchema, ...errors },
      },
    },
    async (request) => workflow.read(request.actor),
  );
  app.put(
    '/settings/workflow',
    {
      schema: {
        tags,
        summary: 'Changes the workflow settings; the ClaimReview validity cannot be switched off',
        body: settingsSchema,
        response: { 200: settingsSchema, ...errors },
      },
      validatorCompiler: acceptAnyBody,
    },
    async (request) => workflow.replace(request.actor, request.body),
  );
}
