// /panel/author (spec §2, §3 Author): the authors in a table (image, name, position, active, hidden),
// created and edited in a form dialog with every author field, deleted after confirmation.

import { Badge, Button, Group, Text } from '@mantine/core';
import type { FormDefinition, FormValues } from '@tabayyun/forms';
import { useMemo } from 'react';
import { avatarColumn, nameColumn } from '../../components/data-table/columns.tsx';
import { type Column, ResourceTable } from '../../components/data-table/resource-table.tsx';
import { DeleteButton, EditButton } from '../../components/data-table/row-buttons.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { COMMON_TEXTS } from '../../i18n/common.ts';
import { defineTexts, format, useTexts } from '../../i18n/i18n.tsx';
import type { Doc } from '../../lib/api-client.ts';
import { apiPath, useCan } from '../../lib/permissions.ts';
import {
  emptyToNull,
  firstImage,
  formFiles,
  pickInput,
  storedFiles,
  useRecordDialogs,
} from '../feeds/desk-forms.ts';

const TEXTS = defineTexts({
  en: {
    newAuthor: 'New author',
    editOf: 'Edit {name}',
    deleteOf: 'Delete {name}',
    searchAuthors: 'Search by name or position',
    image: 'Image',
    name: 'Name',
    slug: 'Slug',
    slugHint: 'Empty: made from the name',
    bio: 'Bio',
    position: 'Position',
    email: 'Email',
    linkedin: 'LinkedIn',
    twitter: 'Twitter',
    facebook: 'Facebook',
    hidden: 'Hidden',
    hiddenHint: 'Hidden authors do not appear on the team page',
    active: 'Active',
    activeHint: 'Former members are listed under "Formerly in our team"',
    yes: 'Yes',
    no: 'No',
    social: 'Links',
  },
  ar: {
    newAuthor: 'كاتب جديد',
    editOf: 'تحرير {name}',
    deleteOf: 'حذف {name}',
    searchAuthors: 'ابحث بالاسم أو المنصب',
    image: 'الصورة',
    name: 'الاسم',
    slug: 'الاسم في الرابط',
    slugHint: 'إن تُرك فارغاً يُولَّد من الاسم',
    bio: 'نبذة',
    position: 'المنصب',
    email: 'البريد الإلكتروني',
    linkedin: 'لينكدإن',
    twitter: 'تويتر',
    facebook: 'فيسبوك',
    hidden: 'مخفي',
    hiddenHint: 'لا يظهر الكاتب المخفي في صفحة الفريق',
    active: 'على رأس عمله',
    activeHint: 'الأعضاء السابقون يظهرون تحت «عملوا معنا سابقاً»',
    yes: 'نعم',
    no: 'لا',
    social: 'الروابط',
  },
});

type Texts = (typeof TEXTS)['en'];

/** What POST/PUT /api/author accept (packages/schemas authorInput). */
const AUTHOR_INPUT_KEYS = [
  '_id',
  'name',
  'slug',
  'bio',
  'image',
  'position',
  'email',
  'linkedin',
  'twitter',
  'facebook',
  'hidden',
  'active',
] as const;

function authorFormDefinition(t: Texts): FormDefinition {
  const link = (name: string, label: string) => ({
    type: 'text' as const,
    name,
    inputs: { label, placeholder: 'https://', dir: 'ltr' },
  });
  return {
    name: 'author',
    fields: [
      { type: 'text', name: 'name', inputs: { label: t.name, required: true } },
      { type: 'text', name: 'slug', inputs: { label: t.slug, hint: t.slugHint } },
      { type: 'text', name: 'position', inputs: { label: t.position } },
      { type: 'email', name: 'email', inputs: { label: t.email }, validations: [{ name: 'email' }] },
      {
        type: 'file',
        name: 'image',
        inputs: { label: t.image, destination: 'authors', accept: ['image/*'], maxFiles: 1 },
      },
      { type: 'textarea', name: 'bio', inputs: { label: t.bio, rows: 4, maxRows: 10 } },
      { type: 'switch', name: 'active', inputs: { label: t.active, hint: t.activeHint } },
      { type: 'switch', name: 'hidden', inputs: { label: t.hidden, hint: t.hiddenHint } },
    ],
    sections: [
      {
        name: 'social',
        title: t.social,
        fields: [link('linkedin', t.linkedin), link('twitter', t.twitter), link('facebook', t.facebook)],
      },
    ],
  };
}

const authorToForm = (record?: Doc): FormValues =>
  record ? { ...record, image: formFiles(record.image) } : { active: true, hidden: false, image: [] };

function authorFromForm(values: FormValues, id?: string): Doc {
  const text = (key: string) =>
    emptyToNull(typeof values[key] === 'string' ? (values[key] as string).trim() : values[key]);
  return pickInput(
    {
      ...(id ? { _id: id } : {}),
      name: String(values.name ?? '').trim(),
      slug: text('slug'),
      bio: text('bio'),
      image: storedFiles(values.image),
      position: text('position'),
      email: text('email'),
      linkedin: text('linkedin'),
      twitter: text('twitter'),
      facebook: text('facebook'),
      hidden: Boolean(values.hidden),
      active: values.active !== false,
    },
    AUTHOR_INPUT_KEYS,
  );
}

export default function AuthorList() {
  const t = useTexts(TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const can = useCan();
  const { edit, remove } = useRecordDialogs('author');
  const definition = useMemo(() => authorFormDefinition(t), [t]);
  const canCreate = can('Create', apiPath('author'));
  const canUpdate = can('Update', apiPath('author'));
  const canDelete = can('Delete', apiPath('author'));
  const flag = (on: unknown) =>
    on ? (
      <Badge variant="filled" tt="none">
        {t.yes}
      </Badge>
    ) : (
      <Text size="sm" c="dimmed" span>
        {t.no}
      </Text>
    );
  const columns: Column<Doc>[] = [
    avatarColumn('image', t.image, (row) => firstImage(row.image)),
    nameColumn(t.name),
    { key: 'position', title: t.position, sortable: true },
    { key: 'active', title: t.active, sortable: true, render: (row) => flag(row.active) },
    { key: 'hidden', title: t.hidden, sortable: true, render: (row) => flag(row.hidden) },
    { key: 'email', title: t.email, hiddenByDefault: true },
  ];
  const openCreate = () =>
    edit({
      title: t.newAuthor,
      definition,
      initialValues: authorToForm(),
      toRecord: (values) => authorFromForm(values),
      isNew: true,
    });
  const openEdit = (row: Doc) =>
    edit({
      title: format(t.editOf, { name: String(row.name ?? '') }),
      definition,
      initialValues: authorToForm(row),
      toRecord: (values) => authorFromForm(values, String(row._id)),
      isNew: false,
    });
  return (
    <>
      <PageHeader
        title={common.authors}
        actions={
          canCreate ? (
            <Button onClick={() => void openCreate()} data-testid="create-button">
              {t.newAuthor}
            </Button>
          ) : null
        }
      />
      <ResourceTable<Doc>
        resource="author"
        columns={columns}
        searchFields={['name', 'position']}
        searchLabel={t.searchAuthors}
        defaultSort="name"
        rowName={(row) => String(row.name ?? row._id)}
        columnChooserKey="authors"
        testId="author-table"
        rowActions={
          canUpdate || canDelete
            ? (row) => {
                const name = String(row.name ?? row._id);
                return (
                  <Group gap={4} wrap="nowrap">
                    {canUpdate ? (
                      <EditButton label={format(t.editOf, { name })} onClick={() => void openEdit(row)} />
                    ) : null}
                    {canDelete ? (
                      <DeleteButton
                        label={format(t.deleteOf, { name })}
                        onClick={() => void remove(String(row._id))}
                      />
                    ) : null}
                  </Group>
                );
              }
            : undefined
        }
      />
    </>
  );
}
