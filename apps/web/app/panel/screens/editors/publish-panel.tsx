// The editor's publishing control (issue 33 §1, §2, §5): the status actions the user may take
// (Submit for review, Send back, Publish, Unpublish), why Publish is unavailable when it is (four
// eyes, no publish right, unmet gate items, unsaved changes), and the live publish-gate checklist
// beside it: each item says met / not met / warning and links to its field. The checks come from
// @tabayyun/workflow through workflow-state.ts; the server checks the same on every write.
import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  useComputedColorScheme,
  VisuallyHidden,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTexts } from '../../i18n/i18n.tsx';
import type { GateCheck, WorkflowAction } from './workflow-state.ts';
import { WORKFLOW_TEXTS, type WorkflowTexts } from './workflow-texts.ts';

export interface PublishPanelProps {
  /** The actions open from the saved status, each with why it is blocked (empty: available). */
  actions: WorkflowAction[];
  /** The publish-gate checklist (empty for an article without gate items). */
  checks: GateCheck[];
  busy: boolean;
  onAction(action: WorkflowAction): void;
  /** Opens the field of a checklist item. */
  onGoTo(field: string): void;
  /** Scheduled publishing (issue 33 §5), drawn under the actions when given. */
  schedule?: ReactNode;
}

const ACTION_LABEL: Record<WorkflowAction['kind'], keyof WorkflowTexts> = {
  submit: 'submitForReview',
  sendBack: 'sendBack',
  recall: 'recall',
  publish: 'publish',
  unpublish: 'unpublish',
};

export function PublishPanel({ actions, checks, busy, onAction, onGoTo, schedule }: PublishPanelProps) {
  const t = useTexts(WORKFLOW_TEXTS);
  const dark = useComputedColorScheme('light') === 'dark';
  const publish = actions.find((a) => a.kind === 'publish');
  const blocking = checks.filter((c) => !c.met && c.level === 'error');
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      mb="md"
      component="section"
      aria-labelledby="publish-panel-title"
      data-testid="publish-panel"
    >
      <SimpleGrid cols={{ base: 1, md: checks.length ? 2 : 1 }} spacing="lg">
        <Stack gap="sm">
          <Title order={2} size="h4" id="publish-panel-title">
            {t.panelTitle}
          </Title>
          <Group gap="xs" wrap="wrap">
            {actions.map((action) => (
              <Button
                key={action.kind}
                variant={
                  action.kind === 'publish' ? 'filled' : action.kind === 'submit' ? 'light' : 'default'
                }
                color={action.kind === 'unpublish' ? 'red.9' : undefined}
                disabled={busy || action.blockedBy.length > 0}
                loading={busy && action.kind === 'publish'}
                onClick={() => onAction(action)}
                data-workflow-action={action.kind}
                aria-describedby={action.blockedBy.length ? `why-${action.kind}` : undefined}
              >
                {t[ACTION_LABEL[action.kind]]}
              </Button>
            ))}
          </Group>
          {publish?.blockedBy.length ? (
            <Alert color="gray" variant="light" p="xs" id="why-publish" data-testid="publish-unavailable">
              <Text size="sm" fw={600}>
                {t.unavailable}
              </Text>
              <List size="sm" spacing={2}>
                {publish.blockedBy.map((reason) => (
                  <List.Item key={reason} data-blocked-by={reason}>
                    {t[BLOCK_TEXT[reason]]}
                  </List.Item>
                ))}
              </List>
            </Alert>
          ) : null}
          {schedule}
        </Stack>
        {checks.length ? (
          <Box>
            <Title order={3} size="h5" mb="xs" id="publish-checklist-title">
              {t.checklistTitle}
            </Title>
            {blocking.length === 0 ? (
              <Text size="sm" fw={600} c={dark ? 'green.3' : 'teal.9'} mb={4} data-testid="checklist-all-met">
                {t.checklistAllMet}
              </Text>
            ) : null}
            <Stack
              component="ul"
              gap={4}
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-labelledby="publish-checklist-title"
              data-testid="publish-checklist"
            >
              {checks.map((check) => (
                <ChecklistItem key={check.key} check={check} t={t} onGoTo={onGoTo} />
              ))}
            </Stack>
          </Box>
        ) : null}
      </SimpleGrid>
    </Paper>
  );
}

const BLOCK_TEXT: Record<WorkflowAction['blockedBy'][number], keyof WorkflowTexts> = {
  fourEyes: 'reasonFourEyes',
  noRight: 'reasonNoRight',
  gate: 'reasonGate',
  notInReview: 'reasonNotInReview',
  dirty: 'reasonDirty',
  new: 'reasonNew',
};

function ChecklistItem({
  check,
  t,
  onGoTo,
}: {
  check: GateCheck;
  t: WorkflowTexts;
  onGoTo(f: string): void;
}) {
  const state = check.off ? 'off' : check.met ? 'met' : check.level === 'warning' ? 'warning' : 'unmet';
  const label = {
    met: t.itemMet,
    unmet: t.itemUnmet,
    warning: t.itemWarning,
    off: t.itemOff,
  }[state];
  const color = { met: 'green.9', unmet: 'red.9', warning: 'orange.9', off: 'gray.7' }[state];
  const mark = { met: '✓', unmet: '✗', warning: '!', off: '–' }[state];
  return (
    <Group
      component="li"
      gap="xs"
      wrap="nowrap"
      align="flex-start"
      data-gate-key={check.key}
      data-state={state}
    >
      <Badge color={color} variant="filled" size="sm" circle aria-hidden mt={2} style={{ flexShrink: 0 }}>
        {mark}
      </Badge>
      <Group gap={6} wrap="wrap" align="baseline" style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" td={check.off ? 'line-through' : undefined}>
          <VisuallyHidden>{`${label}: `}</VisuallyHidden>
          {state === 'met' || state === 'off' ? (check.label ?? check.message) : check.message}
        </Text>
        {check.field && !check.met && !check.off ? (
          <Button
            variant="subtle"
            size="compact-xs"
            onClick={() => onGoTo(check.field as string)}
            aria-label={`${t.goToField}: ${check.message}`}
          >
            {t.goToField}
          </Button>
        ) : null}
      </Group>
    </Group>
  );
}
