// One taxonomy as a tree (spec §2, §7: GET /category?path=/<root>/*&sort_by=path): rows in path
// order, each indented by its level, with its slug, colour and (criteria) score; search, paging
// in the address; create, add-under, edit in form dialogs; delete after confirmation.

import { Box, Button, ColorSwatch, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { type Column, listQueryKey, ResourceTable } from '../../components/data-table/resource-table.tsx';
import { DeleteButton, EditButton } from '../../components/data-table/row-buttons.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { COMMON_TEXTS } from '../../i18n/common.ts';
import { format, useFormatters, useTexts } from '../../i18n/i18n.tsx';
import { apiClient } from '../../lib/api-client.ts';
import { apiPath, useCan } from '../../lib/permissions.ts';
import { useRecordDialogs } from '../feeds/desk-forms.ts';
import {
  type CategoryNode,
  categoryFormDefinition,
  categoryFromForm,
  categoryToForm,
  parentItems,
  type TaxonomyKind,
} from './category-form.ts';
import { TAXONOMY_TEXTS } from './taxonomy-texts.ts';

export const TAXONOMIES = {
  criteria: { root: 'criteria', perPage: 20, hasScore: true, hasPages: true },
  topic: { root: 'topic', perPage: 25, hasScore: false, hasPages: true },
  tag: { root: 'tag', perPage: 25, hasScore: false, hasPages: false },
  country: { root: 'country', perPage: 25, hasScore: false, hasPages: false },
} satisfies Record<string, TaxonomyKind>;

const INDENT_PX = 22;

/** Every category of a taxonomy, the root first (parent choices, parent names). */
function useWholeTaxonomy(kind: TaxonomyKind) {
  const params = {
    path: `/${kind.root}|/${kind.root}/*`,
    sort_by: 'path',
    per_page: 500,
    select: '_id,name,path,level,parent',
  };
  return useQuery({
    queryKey: listQueryKey('category', params),
    queryFn: ({ signal }) => apiClient().list<CategoryNode>('category', params, signal),
  });
}

export function TaxonomyScreen({
  kind,
  title,
  createLabel,
}: {
  kind: TaxonomyKind;
  title: string;
  createLabel: string;
}) {
  const t = useTexts(TAXONOMY_TEXTS);
  const _common = useTexts(COMMON_TEXTS);
  const fmt = useFormatters();
  const can = useCan();
  const whole = useWholeTaxonomy(kind);
  const { edit, remove } = useRecordDialogs('category');
  const nodes = whole.data?.data ?? [];
  const nameOf = (id: string | null | undefined) => nodes.find((n) => n._id === id)?.name ?? id ?? '';
  const canCreate = can('Create', apiPath('category'));
  const canUpdate = can('Update', apiPath('category'));
  const canDelete = can('Delete', apiPath('category'));

  const openCreate = useCallback(
    async (parent?: string) => {
      const fresh = await whole.refetch();
      const all = fresh.data?.data ?? nodes;
      await edit({
        title: parent
          ? format(t.addChildOf, { name: all.find((n) => n._id === parent)?.name ?? parent })
          : createLabel,
        definition: categoryFormDefinition(t, kind, parentItems(all), true),
        initialValues: categoryToForm(undefined, kind, parent),
        toRecord: (values) => categoryFromForm(values, kind),
        isNew: true,
      });
    },
    [edit, whole, nodes, t, kind, createLabel],
  );
  const openEdit = useCallback(
    async (row: CategoryNode) => {
      const [record, fresh] = await Promise.all([
        apiClient().get<CategoryNode>('category', String(row._id)),
        whole.refetch(),
      ]);
      await edit({
        title: format(t.editOf, { name: String(record.name ?? record._id) }),
        definition: categoryFormDefinition(t, kind, parentItems(fresh.data?.data ?? nodes, record), false),
        initialValues: categoryToForm(record, kind),
        toRecord: (values) => categoryFromForm({ ...values, _id: record._id }, kind),
        isNew: false,
      });
    },
    [edit, whole, nodes, t, kind],
  );

  const baseParams = useMemo(() => ({ path: `/${kind.root}/*` }), [kind.root]);
  const columns: Column<CategoryNode>[] = [
    {
      key: 'name',
      title: t.name,
      render: (row) => {
        const depth = Math.max(0, Number(row.level ?? 1) - 1);
        return (
          <Group
            gap={6}
            wrap="nowrap"
            style={{ paddingInlineStart: depth * INDENT_PX }}
            data-testid="category-name"
            data-level={row.level}
          >
            {depth > 0 ? (
              <Box
                aria-hidden
                style={{
                  flex: 'none',
                  width: 12,
                  height: 10,
                  marginBottom: 6,
                  borderInlineStart: '2px solid var(--mantine-color-default-border)',
                  borderBottom: '2px solid var(--mantine-color-default-border)',
                }}
              />
            ) : null}
            <ColorSwatch
              color={row.color || 'transparent'}
              size={14}
              withShadow={Boolean(row.color)}
              aria-hidden
              style={{
                flex: 'none',
                ...(row.color ? {} : { border: '1px dashed var(--mantine-color-dimmed)' }),
              }}
            />
            <Stack gap={0}>
              <Text size="sm" fw={depth === 0 ? 600 : 400} lang="ar">
                <bdi>{row.name}</bdi>
              </Text>
              {row.nameEn ? (
                <Text size="xs" c="dimmed" lang="en" dir="ltr">
                  {row.nameEn}
                </Text>
              ) : null}
              {depth > 0 ? (
                <VisuallyHidden>{format(t.childOf, { parent: nameOf(row.parent) })}</VisuallyHidden>
              ) : null}
            </Stack>
          </Group>
        );
      },
    },
    {
      key: 'slug',
      title: t.slug,
      render: (row) => (
        <Text size="sm" dir="ltr" span style={{ whiteSpace: 'nowrap' }}>
          {row.slug}
        </Text>
      ),
    },
    {
      key: 'color',
      title: t.color,
      render: (row) =>
        row.color ? (
          <Text size="sm" dir="ltr" span ff="monospace">
            {row.color}
          </Text>
        ) : (
          <Text size="sm" c="dimmed" span>
            {t.noColor}
          </Text>
        ),
    },
    ...(kind.hasScore
      ? [
          {
            key: 'score',
            title: t.score,
            render: (row: CategoryNode) => (typeof row.score === 'number' ? fmt.number(row.score) : ''),
          },
        ]
      : []),
  ];

  return (
    <>
      <PageHeader
        title={title}
        actions={
          canCreate ? (
            <Button onClick={() => void openCreate()} data-testid="create-button">
              {createLabel}
            </Button>
          ) : null
        }
      />
      <ResourceTable<CategoryNode>
        resource="category"
        columns={columns}
        baseParams={baseParams}
        searchFields={['name', 'nameEn', 'slug']}
        searchLabel={t.searchCategories}
        perPage={kind.perPage}
        defaultSort="path"
        rowName={(row) => String(row.name ?? row._id)}
        testId={`taxonomy-${kind.root}`}
        rowActions={
          canCreate || canUpdate || canDelete
            ? (row) => {
                const name = String(row.name ?? row._id);
                return (
                  <>
                    {canCreate ? (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        aria-label={format(t.addChildOf, { name })}
                        onClick={() => void openCreate(String(row._id))}
                        data-action="add-child"
                      >
                        {t.addChild}
                      </Button>
                    ) : null}
                    {canUpdate ? (
                      <EditButton label={format(t.editOf, { name })} onClick={() => void openEdit(row)} />
                    ) : null}
                    {canDelete ? (
                      <DeleteButton
                        label={format(t.deleteOf, { name })}
                        onClick={() => void remove(String(row._id))}
                      />
                    ) : null}
                  </>
                );
              }
            : undefined
        }
      />
    </>
  );
}
