// /panel/roles (back office §2, §5, §7): roles, 100 a page, searched by id and name; create (id and
// name), edit (the id read-only), delete (never super-admin: no button, and the server refuses);
// beyond the spec, each role's permission matrix (`?permissions=<role id>` opens it).
import { Button, Group } from '@mantine/core';
import { confirmDelete, type FormDefinition, showSuccessToast } from '@tabayyun/forms';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { type Column, ResourceTable } from '../../components/data-table/resource-table.tsx';
import type { ListParams } from '../../components/data-table/use-list-params.ts';
import { useWrite } from '../../components/mutations.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { format, usePanelLanguage, useTexts } from '../../i18n/i18n.tsx';
import { apiClient, type Doc } from '../../lib/api-client.ts';
import { apiPath, useCan } from '../../lib/permissions.ts';
import { openPanelFormDialog } from '../users/form-dialog.tsx';
import { PermissionMatrixDialog } from './permission-matrix.tsx';
import { roleLabel, SUPER_ADMIN, useAllRoles } from './role-names.ts';
import { ROLE_TEXTS } from './role-texts.ts';
import { SECOND_FACTOR_TEXTS, SecondFactorSwitch } from './second-factor-switch.tsx';

interface RoleRow extends Doc {
  _id: string;
  name: string;
  requiresSecondFactor?: boolean;
}

const BASE_PARAMS = { select: '_id,name,requiresSecondFactor' };
const SEARCH_FIELDS = ['_id', 'name'];
const MATRIX_PARAM = 'permissions';
/** The matrix's key is part of the view, not a filter of the list. */
const listFilters = (list: ListParams) => {
  const { [MATRIX_PARAM]: _matrix, ...filters } = list.filters;
  return filters;
};

export default function RoleListScreen() {
  const t = useTexts(ROLE_TEXTS);
  const t2 = useTexts(SECOND_FACTOR_TEXTS);
  const { language } = usePanelLanguage();
  const can = useCan();
  const write = useWrite();
  const { labelOf } = useAllRoles();
  const [params, setParams] = useSearchParams();
  const matrixRole = params.get(MATRIX_PARAM);
  const mayCreate = can('Create', apiPath('role'));
  const mayUpdate = can('Update', apiPath('role'));
  const mayDelete = can('Delete', apiPath('role'));
  const mayReadRules = can('Read', apiPath('permission')) || mayUpdate;

  const openMatrix = useCallback(
    (id: string | null) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        if (id) next.set(MATRIX_PARAM, id);
        else next.delete(MATRIX_PARAM);
        return next;
      }),
    [setParams],
  );

  const definition = (editing: boolean): FormDefinition => ({
    name: 'role',
    fields: [
      {
        type: 'text',
        name: '_id',
        inputs: { label: t.id, required: true, readonly: editing, ...(editing ? {} : { hint: t.idHint }) },
        validations: [{ name: 'pattern', arguments: '^[a-z0-9][a-z0-9_-]{0,62}$', message: t.idPattern }],
      },
      { type: 'text', name: 'name', inputs: { label: t.name, required: true } },
    ],
  });

  const create = () =>
    openPanelFormDialog({
      title: t.createRole,
      definition: definition(false),
      small: true,
      submitLabel: t.save,
      onSubmit: async (values) =>
        Boolean(
          await write('role', () =>
            apiClient().create('role', { _id: String(values._id).trim(), name: String(values.name).trim() }),
          ),
        ),
    });

  const edit = (row: RoleRow) =>
    openPanelFormDialog({
      title: t.editRole,
      definition: definition(true),
      small: true,
      submitLabel: t.save,
      initialValues: { _id: row._id, name: row.name },
      onSubmit: async (values) =>
        Boolean(
          await write('role', () =>
            apiClient().replace('role', {
              _id: row._id,
              name: String(values.name).trim(),
              // PUT replaces the record: the second-factor switch keeps its state.
              requiresSecondFactor: row.requiresSecondFactor === true,
            }),
          ),
        ),
    });

  const remove = async (row: RoleRow) => {
    if (!(await confirmDelete({ locale: language }))) return;
    await write(
      'role',
      () => apiClient().remove('role', row._id),
      () => showSuccessToast(t.deletedRole),
    );
  };

  const columns: Column<RoleRow>[] = [
    { key: '_id', title: t.id, sortable: true, render: (row) => <span dir="ltr">{row._id}</span> },
    { key: 'name', title: t.name, sortable: true, render: (row) => roleLabel(row, language) },
    {
      key: 'requiresSecondFactor',
      title: t2.column,
      render: (row) => (
        <SecondFactorSwitch
          id={row._id}
          name={roleLabel(row, language)}
          on={row.requiresSecondFactor === true}
          mayUpdate={mayUpdate}
        />
      ),
    },
  ];

  const rowActions = (row: RoleRow) => {
    const label = roleLabel(row, language);
    return (
      <Group gap={6} wrap="nowrap">
        {mayReadRules ? (
          <Button
            size="xs"
            variant="light"
            onClick={() => openMatrix(row._id)}
            aria-label={format(t.permissionsNamed, { name: label })}
            data-action="permissions"
          >
            {t.permissions}
          </Button>
        ) : null}
        {mayUpdate ? (
          <Button
            size="xs"
            variant="default"
            onClick={() => edit(row)}
            aria-label={format(t.editNamed, { name: label })}
            data-action="edit"
          >
            {t.edit}
          </Button>
        ) : null}
        {mayDelete && row._id !== SUPER_ADMIN ? (
          <Button
            size="xs"
            variant="default"
            onClick={() => void remove(row)}
            aria-label={format(t.deleteNamed, { name: label })}
            data-action="delete"
          >
            {t.delete}
          </Button>
        ) : null}
      </Group>
    );
  };

  return (
    <>
      <PageHeader
        title={t.title}
        actions={
          mayCreate ? (
            <Button onClick={create} data-testid="create-role">
              {t.createRole}
            </Button>
          ) : null
        }
      />
      <ResourceTable<RoleRow>
        resource="role"
        columns={columns}
        baseParams={BASE_PARAMS}
        searchFields={SEARCH_FIELDS}
        searchLabel={t.searchLabel}
        perPage={100}
        rowName={(row) => roleLabel(row, language)}
        rowActions={rowActions}
        mapFilters={listFilters}
        testId="roles-table"
      />
      <PermissionMatrixDialog
        role={matrixRole ? { _id: matrixRole, label: labelOf(matrixRole) } : null}
        onClose={() => openMatrix(null)}
      />
    </>
  );
}
