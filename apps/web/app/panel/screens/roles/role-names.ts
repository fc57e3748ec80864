// Role names as people read them. The built-in roles are seeded with English names; the Arabic
// interface shows its own words for them. A role an admin created shows the name they gave it.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { PanelLanguage } from '../../i18n/i18n.tsx';
import { usePanelLanguage } from '../../i18n/i18n.tsx';
import { apiClient } from '../../lib/api-client.ts';

export const SUPER_ADMIN = 'super-admin';

const BUILT_IN: Record<string, Record<PanelLanguage, string>> = {
  'super-admin': { en: 'Super admin', ar: 'مدير عام' },
  admin: { en: 'Admin', ar: 'مدير' },
  editor: { en: 'Editor', ar: 'محرّر' },
  'fact-checker': { en: 'Fact-checker', ar: 'مدقّق معلومات' },
};

/** The seeded English name is replaced by the built-in wording only while the admin kept it. */
export function roleLabel(role: { _id: string; name?: unknown }, language: PanelLanguage): string {
  const builtIn = BUILT_IN[role._id];
  const name = typeof role.name === 'string' ? role.name : '';
  if (builtIn && (!name || name === builtIn.en)) return builtIn[language];
  return name || role._id;
}

export interface RoleRecord {
  _id: string;
  name: string;
}

export const ALL_ROLES_QUERY_KEY = ['list', 'role', 'all'] as const;

/** Every role (a newsroom has a handful), for pick lists and the roles column. */
export function useAllRoles(enabled = true) {
  const { language } = usePanelLanguage();
  const query = useQuery({
    queryKey: ALL_ROLES_QUERY_KEY,
    queryFn: ({ signal }) =>
      apiClient().list<RoleRecord>('role', { select: '_id,name', per_page: 100, sort_by: 'name' }, signal),
    enabled,
  });
  const roles = query.data?.data ?? [];
  const labelOf = useMemo(() => {
    const byId = new Map(roles.map((r) => [r._id, r]));
    return (id: string) => roleLabel(byId.get(id) ?? { _id: id }, language);
  }, [roles, language]);
  return { roles, labelOf, query };
}
