// The folders of the file browser. The server keeps no folder records: a folder exists while a file
// record's `destination` lies in it. The child folders of the current one come from the distinct
// destinations below it: one listing of up to 500 destinations (`destination=storage/<folder>/*`),
// repeated while records remain whose destination is not known yet (`destination={nin}<known>`, a
// repeated key ANDs), so a folder with thousands of files costs a few calls, not thousands.
import { apiClient } from '../../lib/api-client.ts';
import { childFolders, destinationOf } from './file-utils.ts';

const PAGE = 500;
const MAX_ROUNDS = 10;

export const foldersQueryKey = (folder?: string) =>
  folder === undefined ? (['storage-folders'] as const) : (['storage-folders', folder] as const);

export async function fetchChildFolders(
  prefix: string,
  folder: string,
  signal?: AbortSignal,
): Promise<string[]> {
  const known = new Set<string>();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const query = new URLSearchParams();
    query.append('destination', `${destinationOf(prefix, folder)}/*`);
    if (known.size > 0) query.append('destination', `{nin}${[...known].join(',')}`);
    query.set('select', 'destination');
    query.set('sort_by', 'destination');
    query.set('per_page', String(PAGE));
    const answer = await apiClient().request<{ data: { destination: string }[]; total: number }>(
      'GET',
      'storage',
      { query, signal },
    );
    const before = known.size;
    for (const record of answer.data ?? []) known.add(record.destination);
    if ((answer.data ?? []).length >= (answer.total ?? 0) || known.size === before) break;
  }
  return childFolders(prefix, folder, known);
}
