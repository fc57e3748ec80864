// /panel/users (back office §2, §5, §7, §8): the accounts of the newsroom, 100 a page, searched by
// name and email; create (sign-up with the admin's token), and per user: impersonate, change roles,
// reset password, rename, ban or unban, delete. Every text of the spec is the spec's.
import { ActionIcon, Badge, Button, Group, Menu, Stack, Text } from '@mantine/core';
import {
  confirm,
  type FormDefinition,
  type FormValues,
  showFailedToast,
  showSavedToast,
  showSuccessToast,
} from '@tabayyun/forms';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { type Column, listQueryKey, ResourceTable } from '../../components/data-table/resource-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { format, useFormatters, usePanelLanguage, useTexts } from '../../i18n/i18n.tsx';
import { apiClient, type Doc } from '../../lib/api-client.ts';
import { panelBases } from '../../lib/bases.ts';
import { failureMessage } from '../../lib/errors.ts';
import { apiPath, useCan } from '../../lib/permissions.ts';
import { sessionManager } from '../../lib/session.ts';
import { useSession } from '../../lib/use-session.ts';
import { SUPER_ADMIN, useAllRoles } from '../roles/role-names.ts';
import { openPanelFormDialog, PASSWORD_STRENGTH } from './form-dialog.tsx';
import { USER_TEXTS } from './user-texts.ts';

/** The spec's pause before the page reloads as the impersonated user. */
export const IMPERSONATION_RELOAD_MS = 250;

export interface UserRow extends Doc {
  _id: string;
  email: string;
  name?: string | null;
  lastLogin?: string | null;
  roles?: string[] | null;
  disabled?: boolean;
}

const BASE_PARAMS = { select: '_id,email,name,lastLogin,roles,disabled' };
const SEARCH_FIELDS = ['name', 'email'];

/** Create-user rules (back office §5): email trimmed and lower-cased, username defaults to it. */
export function signupBody(values: FormValues) {
  const email = String(values.email ?? '')
    .trim()
    .toLowerCase();
  const username = String(values.username ?? '').trim() || email;
  return {
    email,
    username: username.trim().toLowerCase(),
    name: String(values.name ?? '').trim(),
    password: String(values.password ?? ''),
    roles: Array.isArray(values.roles) ? values.roles.map(String) : [],
  };
}

export default function UserListScreen() {
  const t = useTexts(USER_TEXTS);
  const { language } = usePanelLanguage();
  const fmt = useFormatters();
  const can = useCan();
  const { claims } = useSession();
  const queryClient = useQueryClient();
  const { roles, labelOf } = useAllRoles();
  const isSuperAdmin = Boolean(claims?.roles?.includes(SUPER_ADMIN));
  const authCan = (path: string) => can('Create', `${panelBases().auth}/${path}`);
  const mayCreate = can('Create', apiPath('user'));
  const mayPatch = can('Patch', apiPath('user'));
  const mayDelete = can('Delete', apiPath('user'));
  const mayReset = authCan('adminreset');
  const mayLock = authCan('lock');

  const roleItems = useMemo(
    () =>
      roles
        // Only a super admin gives the super-admin role (the server refuses anyone else).
        .filter((role) => isSuperAdmin || role._id !== SUPER_ADMIN)
        .map((role) => ({ value: role._id, display: labelOf(role._id) })),
    [roles, labelOf, isSuperAdmin],
  );

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: listQueryKey('user') }),
    [queryClient],
  );
  const failed = (error: unknown) => showFailedToast(format(t.failed, { message: failureMessage(error) }));

  const createUser = () => {
    const definition: FormDefinition = {
      name: 'create-user',
      fields: [
        {
          type: 'email',
          name: 'email',
          inputs: { label: t.email, required: true },
          validations: [{ name: 'email' }],
        },
        { type: 'text', name: 'name', inputs: { label: t.fullName, required: true } },
        { type: 'text', name: 'username', inputs: { label: t.username, hint: t.usernameHint } },
        {
          type: 'password',
          name: 'password',
          inputs: { label: t.password, required: true, generate: true, strength: PASSWORD_STRENGTH },
          validations: [{ name: 'minLength', arguments: 8 }],
        },
        { type: 'select', name: 'roles', inputs: { label: t.roles, multiple: true, items: roleItems } },
      ],
    };
    openPanelFormDialog({
      title: t.createUser,
      definition,
      submitLabel: t.save,
      onSubmit: async (values) => {
        try {
          await apiClient().auth('signup', signupBody(values));
        } catch (error) {
          showFailedToast(
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                {t.failedToSave}
              </Text>
              <Text size="sm">{failureMessage(error)}</Text>
            </Stack>,
          );
          return false;
        }
        showSavedToast(language);
        await refresh();
        return true;
      },
    });
  };

  /** Runs a write of a dialog: the toast on success, 'Failed! …' and the dialog kept on failure. */
  const attempt = async (write: () => Promise<unknown>, success: () => void) => {
    try {
      await write();
    } catch (error) {
      failed(error);
      return false;
    }
    success();
    await refresh();
    return true;
  };

  const impersonate = async (user: UserRow) => {
    try {
      await sessionManager().impersonate(user._id);
    } catch (error) {
      failed(error);
      return;
    }
    // The spec reloads after 250 ms; the dashboard, since the users list may be closed to them.
    setTimeout(() => window.location.assign('/panel/dashboard'), IMPERSONATION_RELOAD_MS);
  };

  const changeRoles = (user: UserRow) =>
    openPanelFormDialog({
      title: `${t.changeRoles}: ${user.email}`,
      definition: {
        name: 'change-roles',
        fields: [
          { type: 'select', name: 'roles', inputs: { label: t.roles, multiple: true, items: roleItems } },
        ],
      },
      small: true,
      submitLabel: t.save,
      initialValues: { roles: user.roles ?? [] },
      onSubmit: (values) => {
        const next = Array.isArray(values.roles) ? values.roles.map(String) : [];
        return attempt(
          () => apiClient().patch('user', user._id, [{ op: 'replace', path: '/roles', value: next }]),
          () => showSuccessToast(t.rolesChanged),
        );
      },
    });

  const rename = (user: UserRow) =>
    openPanelFormDialog({
      title: `${t.rename}: ${user.email}`,
      definition: {
        name: 'rename-user',
        fields: [{ type: 'text', name: 'name', inputs: { label: t.fullName, required: true } }],
      },
      small: true,
      submitLabel: t.save,
      initialValues: { name: user.name ?? '' },
      onSubmit: (values) => {
        const name = String(values.name ?? '').trim();
        return attempt(
          () => apiClient().patch('user', user._id, [{ op: 'replace', path: '/name', value: name }]),
          () => showSavedToast(language),
        );
      },
    });

  const resetPassword = (user: UserRow) =>
    openPanelFormDialog({
      title: `${t.resetPassword}: ${user.email}`,
      definition: {
        name: 'reset-password',
        fields: [
          { type: 'email', name: 'email', inputs: { label: t.email, readonly: true } },
          {
            type: 'password',
            name: 'new_password',
            inputs: { label: t.newPassword, required: true, generate: true, strength: PASSWORD_STRENGTH },
            validations: [{ name: 'minLength', arguments: 8 }],
          },
          { type: 'switch', name: 'forceChangePwd', inputs: { label: t.forceChangePwd } },
        ],
      },
      small: true,
      strictSubmit: true,
      submitLabel: t.submit,
      initialValues: { email: user.email, new_password: '', forceChangePwd: true },
      onSubmit: (values) =>
        attempt(
          () =>
            apiClient().auth('adminreset', {
              email: user.email,
              new_password: String(values.new_password ?? ''),
              forceChangePwd: values.forceChangePwd !== false,
            }),
          () => showSuccessToast(t.passwordReset),
        ),
    });

  const setBanned = async (user: UserRow, lock: boolean) => {
    const ok = await confirm({
      title: format(lock ? t.banTitle : t.unbanTitle, { email: user.email }),
      text: lock ? t.banText : t.unbanText,
      confirm: lock ? t.banConfirm : t.unbanConfirm,
      discard: t.discard,
      ...(lock ? { confirmColor: 'red.9' } : {}),
    });
    if (!ok) return;
    try {
      await apiClient().auth('lock', { id: user._id, lock });
      showSuccessToast(format(lock ? t.userBanned : t.userUnbanned, { email: user.email }));
      await refresh();
    } catch (error) {
      failed(error);
    }
  };

  /** Issue 34: an administrator ends every session of a user (DELETE {auth}/devices?user=). */
  const endSessions = async (user: UserRow) => {
    const ok = await confirm({
      title: format(t.endSessionsTitle, { email: user.email }),
      text: t.endSessionsText,
      confirm: t.endSessionsConfirm,
      discard: t.discard,
      confirmColor: 'red.9',
    });
    if (!ok) return;
    try {
      await sessionManager().authorized('DELETE', `${panelBases().auth}/devices`, {
        query: { user: user._id },
      });
      showSuccessToast(format(t.sessionsEnded, { email: user.email }));
    } catch (error) {
      failed(error);
    }
  };

  /** Issue 34: an administrator resets a user's second factor (DELETE {auth}/2fa?user=). */
  const resetSecondFactor = async (user: UserRow) => {
    const ok = await confirm({
      title: format(t.resetSecondFactorTitle, { email: user.email }),
      text: t.resetSecondFactorText,
      confirm: t.resetSecondFactorConfirm,
      discard: t.discard,
      confirmColor: 'red.9',
    });
    if (!ok) return;
    try {
      await sessionManager().authorized('DELETE', `${panelBases().auth}/2fa`, { query: { user: user._id } });
      showSuccessToast(format(t.secondFactorReset, { email: user.email }));
    } catch (error) {
      failed(error);
    }
  };

  const remove = async (user: UserRow) => {
    if (user.roles?.includes(SUPER_ADMIN)) {
      showFailedToast(t.cannotDeleteSuperAdmin);
      return;
    }
    const ok = await confirm({
      title: t.deleteTitle,
      text: t.deleteText,
      confirm: t.deleteConfirm,
      discard: t.keepIt,
      confirmColor: 'red.9',
    });
    if (!ok) return;
    try {
      await apiClient().remove('user', user._id);
      showSuccessToast(t.userDeleted);
      await refresh();
    } catch (error) {
      failed(error);
    }
  };

  const columns: Column<UserRow>[] = [
    { key: 'email', title: t.email, sortable: true, render: (row) => <Text size="sm">{row.email}</Text> },
    { key: 'name', title: t.name, sortable: true, render: (row) => row.name ?? '' },
    {
      key: 'roles',
      title: t.roles,
      width: 170,
      render: (row) => (
        <Group gap={4}>
          {(row.roles ?? []).map((role) => (
            <Badge
              key={role}
              variant="default"
              size="sm"
              tt="none"
              styles={{ root: { flexShrink: 0, maxWidth: 'none' }, label: { overflow: 'visible' } }}
            >
              {labelOf(role)}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'lastLogin',
      title: t.lastLogin,
      sortable: true,
      render: (row) =>
        row.lastLogin ? (
          fmt.dateTime(row.lastLogin)
        ) : (
          <Text size="sm" c="dimmed">
            {t.never}
          </Text>
        ),
    },
    {
      key: 'disabled',
      title: t.state,
      sortable: true,
      render: (row) =>
        row.disabled ? (
          <Badge color="red.9" variant="filled" data-state="banned">
            {t.banned}
          </Badge>
        ) : (
          <Badge variant="default" data-state="active">
            {t.active}
          </Badge>
        ),
    },
  ];

  const rowActions = (row: UserRow) => {
    const self = row._id === claims?.sub;
    const items = [
      isSuperAdmin && !self && !row.disabled ? (
        <Menu.Item key="impersonate" onClick={() => void impersonate(row)} data-action="impersonate">
          {t.impersonate}
        </Menu.Item>
      ) : null,
      mayPatch ? (
        <Menu.Item key="roles" onClick={() => changeRoles(row)} data-action="change-roles">
          {t.changeRoles}
        </Menu.Item>
      ) : null,
      mayReset ? (
        <Menu.Item key="reset" onClick={() => resetPassword(row)} data-action="reset-password">
          {t.resetPassword}
        </Menu.Item>
      ) : null,
      mayPatch ? (
        <Menu.Item key="rename" onClick={() => rename(row)} data-action="rename">
          {t.rename}
        </Menu.Item>
      ) : null,
      mayLock && !self ? (
        <Menu.Item
          key="ban"
          onClick={() => void setBanned(row, !row.disabled)}
          data-action={row.disabled ? 'unban' : 'ban'}
        >
          {row.disabled ? t.unban : t.ban}
        </Menu.Item>
      ) : null,
      mayLock && !self ? (
        <Menu.Item key="end-sessions" onClick={() => void endSessions(row)} data-action="end-sessions">
          {t.endSessions}
        </Menu.Item>
      ) : null,
      mayLock && !self ? (
        <Menu.Item
          key="reset-second-factor"
          onClick={() => void resetSecondFactor(row)}
          data-action="reset-second-factor"
        >
          {t.resetSecondFactor}
        </Menu.Item>
      ) : null,
      mayDelete && !self ? (
        <Menu.Item key="delete" onClick={() => void remove(row)} data-action="delete">
          {t.delete}
        </Menu.Item>
      ) : null,
    ].filter(Boolean);
    if (items.length === 0) return null;
    return (
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={format(t.actionsFor, { name: row.email })}
            data-testid="user-actions"
          >
            <Dots />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>{items}</Menu.Dropdown>
      </Menu>
    );
  };

  return (
    <>
      <PageHeader
        title={t.title}
        actions={
          mayCreate ? (
            <Button onClick={createUser} data-testid="create-user">
              {t.createUser}
            </Button>
          ) : null
        }
      />
      <ResourceTable<UserRow>
        resource="user"
        columns={columns}
        baseParams={BASE_PARAMS}
        searchFields={SEARCH_FIELDS}
        searchLabel={t.searchLabel}
        perPage={100}
        rowName={(row) => row.email}
        rowActions={rowActions}
        testId="users-table"
      />
    </>
  );
}

/** Three dots, drawn (no icon library); the button carries the name. */
export function Dots() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <circle cx="4" cy="10" r="1.8" fill="currentColor" />
      <circle cx="10" cy="10" r="1.8" fill="currentColor" />
      <circle cx="16" cy="10" r="1.8" fill="currentColor" />
    </svg>
  );
}
