// Columns several lists share: a record's picture and its name (isolated, so an Arabic name sits
// right in an English table and the other way round).
import { Avatar, Text } from '@mantine/core';
import type { Doc } from '../../lib/api-client.ts';
import type { Column } from './resource-table.tsx';

export function avatarColumn(key: string, title: string, src: (row: Doc) => string | undefined): Column<Doc> {
  return {
    key,
    title,
    width: 72,
    render: (row) => (
      <Avatar src={src(row)} name={String(row.name ?? '')} color="brand" variant="filled" alt="" />
    ),
  };
}

export function nameColumn(title: string): Column<Doc> {
  return {
    key: 'name',
    title,
    sortable: true,
    render: (row) => (
      <Text size="sm" fw={600}>
        <bdi>{String(row.name ?? '')}</bdi>
      </Text>
    ),
  };
}
