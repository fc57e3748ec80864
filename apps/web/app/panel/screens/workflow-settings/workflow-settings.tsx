// /panel/settings/workflow (issue 33 §1, §2): the newsroom's editorial rules. Four-eyes on or off,
// and each publish-gate item on or off, except the ClaimReview validity, which is shown locked on.
// Administrators only (the server's PUT decides; the side menu shows it to those who may read it).
import {
  Alert,
  Badge,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { showSavedToast, showSaveFailedToast } from '@tabayyun/forms';
import {
  GATE_ITEM_KEYS,
  GATE_ITEM_TEXTS,
  type GateItemKey,
  MANDATORY_GATE_ITEMS,
  type WorkflowSettings,
} from '@tabayyun/workflow';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../components/page-header.tsx';
import { COMMON_TEXTS } from '../../i18n/common.ts';
import { usePanelLanguage, useTexts } from '../../i18n/i18n.tsx';
import { failureMessage } from '../../lib/errors.ts';
import { apiPath, useCan } from '../../lib/permissions.ts';
import { ErrorView } from '../../shell/status-view.tsx';
import {
  saveWorkflowSettings,
  WORKFLOW_SETTINGS_KEY,
  workflowSettingsQuery,
} from './workflow-settings-data.ts';
import { GATE_LABEL, WORKFLOW_SETTINGS_TEXTS } from './workflow-settings-texts.ts';

export default function WorkflowSettingsScreen() {
  const t = useTexts(WORKFLOW_SETTINGS_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const { language } = usePanelLanguage();
  const queryClient = useQueryClient();
  const stored = useQuery(workflowSettingsQuery());
  const [draft, setDraft] = useState<WorkflowSettings | null>(null);
  const [saving, setSaving] = useState(false);
  // Staff may read the rules (the editor's checklist does); administrators change them.
  const mayChange = useCan()('Update', apiPath('settings/workflow'));
  useEffect(() => {
    if (stored.data && !draft) setDraft(stored.data);
  }, [stored.data, draft]);

  if (stored.isError) return <ErrorView error={stored.error} />;
  const dirty = Boolean(draft && stored.data && JSON.stringify(draft) !== JSON.stringify(stored.data));
  const save = async () => {
    if (!draft) return;
    setSaving(true);
    try {
      const saved = await saveWorkflowSettings(draft);
      queryClient.setQueryData(WORKFLOW_SETTINGS_KEY, saved);
      setDraft(saved);
      showSavedToast(language);
    } catch (error) {
      showSaveFailedToast(failureMessage(error), language);
    } finally {
      setSaving(false);
    }
  };
  const setGate = (key: GateItemKey, on: boolean) =>
    setDraft((previous) => (previous ? { ...previous, gate: { ...previous.gate, [key]: on } } : previous));

  return (
    <>
      <PageHeader title={t.title} description={t.intro} />
      {!draft ? (
        <Center py="xl">
          <Loader aria-label={common.loading} />
        </Center>
      ) : (
        <Stack gap="md" maw={760}>
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="four-eyes-title">
            <Title order={2} size="h4" id="four-eyes-title" mb="xs">
              {t.fourEyesTitle}
            </Title>
            <Switch
              checked={draft.fourEyes}
              onChange={(event) => {
                const on = event.currentTarget.checked;
                setDraft((previous) => (previous ? { ...previous, fourEyes: on } : previous));
              }}
              label={t.fourEyes}
              description={t.fourEyesHint}
              disabled={!mayChange}
              data-testid="setting-fourEyes"
            />
          </Paper>
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="gate-title">
            <Title order={2} size="h4" id="gate-title" mb={4}>
              {t.gateTitle}
            </Title>
            <Text size="sm" mb="sm">
              {t.gateIntro}
            </Text>
            <Stack gap="sm">
              {GATE_ITEM_KEYS.map((key) => {
                // A mandatory item is shown on and locked: a disabled switch would read as "off".
                if (MANDATORY_GATE_ITEMS.includes(key))
                  return (
                    <Group
                      key={key}
                      gap="sm"
                      wrap="nowrap"
                      align="flex-start"
                      data-testid={`setting-gate-${key}`}
                      data-locked="true"
                    >
                      <Badge color="#1f6f33" variant="filled" style={{ flexShrink: 0 }}>
                        {t.alwaysOn}
                      </Badge>
                      <Box>
                        <Text size="sm">{t[GATE_LABEL[key]]}</Text>
                        <Text size="xs" c="dimmed">
                          {`${t.claimReviewHint} ${t.locked}`}
                        </Text>
                      </Box>
                    </Group>
                  );
                return (
                  <Switch
                    key={key}
                    checked={draft.gate[key]}
                    disabled={!mayChange}
                    onChange={(event) => setGate(key, event.currentTarget.checked)}
                    label={t[GATE_LABEL[key]]}
                    description={GATE_ITEM_TEXTS[key][language]}
                    data-testid={`setting-gate-${key}`}
                  />
                );
              })}
            </Stack>
          </Paper>
          {dirty ? (
            <Alert color="blue" variant="light" p="xs">
              <Text size="sm">{t.unsaved}</Text>
            </Alert>
          ) : null}
          {mayChange ? null : (
            <Alert color="gray" variant="light" p="xs">
              <Text size="sm">{t.readOnly}</Text>
            </Alert>
          )}
          <Group>
            <Button
              onClick={() => void save()}
              loading={saving}
              disabled={!dirty || !mayChange}
              data-testid="workflow-save"
            >
              {common.save}
            </Button>
          </Group>
        </Stack>
      )}
    </>
  );
}
