// The permission matrix of one role (beyond the spec), in a dialog: resources × actions as
// checkboxes, "may publish" for fact-checks and articles, a preview in words, and Save changes,
// which writes one stored rule per changed resource through /api/permission and reloads the rules.
import {
  Alert,
  Button,
  Center,
  Checkbox,
  Group,
  Modal,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { showFailedToast, showSuccessToast } from '@tabayyun/forms';
import type { Permission } from '@tabayyun/permissions';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { format, usePanelLanguage, useTexts } from '../../i18n/i18n.tsx';
import { apiClient, type Doc } from '../../lib/api-client.ts';
import { failureMessage } from '../../lib/errors.ts';
import { apiPath, RULES_QUERY_KEY, useCan, useRules } from '../../lib/permissions.ts';
import {
  actionsToWrite,
  cellKey,
  changedResources,
  MATRIX_ACTIONS,
  MATRIX_RESOURCES,
  type MatrixResource,
  PUBLISH_RESOURCES,
  type RoleMatrix,
  readMatrix,
  WRITE_ACTIONS,
} from './permission-model.ts';
import { SUPER_ADMIN } from './role-names.ts';
import { ACTION_NAMES, RESOURCE_NAMES, ROLE_TEXTS } from './role-texts.ts';

interface StoredRule extends Doc {
  _id: string;
  name: string;
  path: string;
  fallbackAuthorization?: string | null;
  actions: Record<string, Permission[]>;
  ruleSource?: string | null;
}

/** Writes the stored rule of one path: its other actions kept, the changed ones replaced. */
async function writeRule(path: string, actions: Record<string, Permission[]>): Promise<void> {
  const found = await apiClient().list<StoredRule>('permission', { path, per_page: 1 });
  const row = found.data.find((r) => r.path === path);
  if (row) {
    await apiClient().replace('permission', {
      _id: row._id,
      name: row.name,
      path,
      fallbackAuthorization: row.fallbackAuthorization ?? null,
      actions: { ...row.actions, ...actions },
      ruleSource: row.ruleSource ?? 'panel',
    });
  } else {
    await apiClient().create('permission', { name: path, path, actions, ruleSource: 'panel' });
  }
}

export function PermissionMatrixDialog({
  role,
  onClose,
}: {
  role: { _id: string; label: string } | null;
  onClose: () => void;
}) {
  const t = useTexts(ROLE_TEXTS);
  return (
    <Modal
      opened={role !== null}
      onClose={onClose}
      title={role ? format(t.permissionsTitle, { name: role.label }) : ''}
      size="90%"
      styles={{ content: { maxWidth: 980 } }}
      centered
      closeButtonProps={{ 'aria-label': t.cancel }}
      data-testid="permission-matrix"
    >
      {role ? <PermissionMatrix roleId={role._id} roleLabel={role.label} onClose={onClose} /> : null}
    </Modal>
  );
}

function PermissionMatrix({
  roleId,
  roleLabel,
  onClose,
}: {
  roleId: string;
  roleLabel: string;
  onClose: () => void;
}) {
  const t = useTexts(ROLE_TEXTS);
  const { language } = usePanelLanguage();
  const resourceNames = RESOURCE_NAMES[language];
  const actionNames = ACTION_NAMES[language];
  const can = useCan();
  const queryClient = useQueryClient();
  const rules = useRules();
  const current = useMemo(
    () => (rules.data ? readMatrix(rules.data, roleId, apiPath) : undefined),
    [rules.data, roleId],
  );
  const [wanted, setWanted] = useState<RoleMatrix | undefined>(current);
  useEffect(() => setWanted(current), [current]);
  const [saving, setSaving] = useState(false);

  const isSuperAdmin = roleId === SUPER_ADMIN;
  const mayEdit =
    !isSuperAdmin && can('Create', apiPath('permission')) && can('Update', apiPath('permission'));
  const pending = current && wanted ? changedResources(current, wanted) : [];

  if (!current || !wanted) {
    return <Text c="dimmed">{rules.isError ? failureMessage(rules.error) : '…'}</Text>;
  }

  const toggle = (resource: MatrixResource, action: (typeof MATRIX_ACTIONS)[number]) =>
    setWanted((state) => {
      if (!state) return state;
      const key = cellKey(resource, action);
      return {
        ...state,
        cells: { ...state.cells, [key]: { ...state.cells[key], granted: !state.cells[key].granted } },
      };
    });
  const togglePublish = (resource: MatrixResource) =>
    setWanted((state) =>
      state ? { ...state, publish: { ...state.publish, [resource]: !state.publish[resource] } } : state,
    );

  const save = async () => {
    if (!rules.data) return;
    setSaving(true);
    try {
      for (const resource of pending) {
        const path = apiPath(resource);
        const actions = actionsToWrite({ tree: rules.data, roleId, resource, path, current, wanted });
        if (Object.keys(actions).length > 0) await writeRule(path, actions);
      }
      showSuccessToast(format(t.permissionsSaved, { name: roleLabel }));
      await queryClient.invalidateQueries({ queryKey: RULES_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: ['list', 'permission'] });
    } catch (error) {
      showFailedToast(failureMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const listFormat = new Intl.ListFormat(language === 'ar' ? 'ar' : 'en-GB', { type: 'conjunction' });
  const listOf = (resources: MatrixResource[]) => listFormat.format(resources.map((r) => resourceNames[r]));
  const preview: string[] = [];
  const shared: string[] = [];
  for (const action of MATRIX_ACTIONS) {
    const cells = MATRIX_RESOURCES.map((r) => [r, wanted.cells[cellKey(r, action)]] as const);
    const own = cells.filter(([, c]) => c.granted && !c.shared).map(([r]) => r);
    const open = cells.filter(([, c]) => c.granted && c.shared).map(([r]) => r);
    if (own.length) preview.push(format(t.previewAction, { action: actionNames[action], list: listOf(own) }));
    if (open.length && !isSuperAdmin)
      shared.push(format(t.previewAction, { action: actionNames[action], list: listOf(open) }));
  }
  const publishing = PUBLISH_RESOURCES.filter((r) => wanted.publish[r]);
  if (publishing.length) preview.push(format(t.previewPublish, { list: listOf(publishing) }));

  return (
    <Stack gap="md">
      {isSuperAdmin ? (
        <Alert color="brand" variant="light" data-testid="matrix-read-only">
          <Text size="sm">{t.superAdminNote}</Text>
        </Alert>
      ) : !mayEdit ? (
        <Alert color="brand" variant="light">
          <Text size="sm">{t.readOnlyNote}</Text>
        </Alert>
      ) : null}
      <ScrollArea type="auto">
        <Table striped verticalSpacing={6} miw={820} data-testid="matrix-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t.resource}</Table.Th>
              {MATRIX_ACTIONS.map((action) => (
                <Table.Th key={action} scope="col" ta="center">
                  {actionNames[action]}
                </Table.Th>
              ))}
              <Table.Th scope="col" ta="center">
                {t.mayPublish}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {MATRIX_RESOURCES.map((resource) => {
              const anyWrite = WRITE_ACTIONS.some((a) => wanted.cells[cellKey(resource, a)].granted);
              return (
                <Table.Tr key={resource} data-resource={resource}>
                  <Table.Th scope="row" fw={500}>
                    {resourceNames[resource]}
                  </Table.Th>
                  {MATRIX_ACTIONS.map((action) => {
                    const cell = wanted.cells[cellKey(resource, action)];
                    const box = (
                      <Checkbox
                        checked={cell.granted}
                        disabled={!mayEdit || cell.shared}
                        onChange={() => toggle(resource, action)}
                        aria-label={format(t.cellLabel, {
                          action: actionNames[action],
                          resource: resourceNames[resource],
                        })}
                        data-cell={`${resource}:${action}`}
                      />
                    );
                    return (
                      <Table.Td key={action}>
                        <Center>
                          {cell.shared && !isSuperAdmin ? (
                            <Tooltip label={t.sharedHint} multiline w={260}>
                              <span style={{ display: 'inline-block' }}>{box}</span>
                            </Tooltip>
                          ) : (
                            box
                          )}
                        </Center>
                      </Table.Td>
                    );
                  })}
                  <Table.Td>
                    <Center>
                      {PUBLISH_RESOURCES.includes(resource) ? (
                        <Checkbox
                          checked={Boolean(wanted.publish[resource])}
                          disabled={!mayEdit || !anyWrite}
                          onChange={() => togglePublish(resource)}
                          aria-label={format(t.publishLabel, { resource: resourceNames[resource] })}
                          data-cell={`${resource}:publish`}
                        />
                      ) : null}
                    </Center>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <Text size="sm" c="dimmed">
        {t.mayPublishHint}
        {!isSuperAdmin && Object.values(wanted.cells).some((cell) => cell.shared) ? ` ${t.sharedHint}` : ''}
      </Text>
      <Stack gap={4} data-testid="matrix-preview" aria-live="polite">
        <Title order={2} size="h5">
          {t.previewTitle}
        </Title>
        {preview.length ? (
          preview.map((line) => (
            <Text key={line} size="sm">
              {line}
            </Text>
          ))
        ) : (
          <Text size="sm">{t.previewNothing}</Text>
        )}
        {shared.length ? (
          <Text size="sm" c="dimmed" data-testid="matrix-preview-shared">
            {t.previewShared} {shared.join(' ')}
          </Text>
        ) : null}
      </Stack>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" data-testid="matrix-pending">
          {pending.length ? format(t.unsaved, { count: pending.length }) : ''}
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={onClose}>
            {t.cancel}
          </Button>
          {mayEdit ? (
            <Button
              onClick={() => void save()}
              loading={saving}
              disabled={pending.length === 0}
              data-testid="matrix-save"
            >
              {t.saveChanges}
            </Button>
          ) : null}
        </Group>
      </Group>
    </Stack>
  );
}
