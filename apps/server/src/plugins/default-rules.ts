// The built-in rules and roles (issue 3). Rules stored by admins in the `permission` table are
// merged over these (plugins/access.ts). Within a rule, staff role grants come before the
// anonymous grant: `anonymous` matches everyone, and the first matching grant's selectors apply,
// so an editor must meet the editor grant (no selector) before the public `status=published` one.
// super-admin passes every check in the engine itself and needs no rule.
import { ACTIONS, type Permission, type Rule } from '@tabayyun/permissions';

export const ROLE = {
  superAdmin: 'super-admin',
  admin: 'admin',
  editor: 'editor',
  factChecker: 'fact-checker',
} as const;

/** Seeded on first start (idempotent); `super-admin` can never be deleted. */
export const DEFAULT_ROLES: readonly { _id: string; name: string }[] = [
  { _id: ROLE.superAdmin, name: 'Super admin' },
  { _id: ROLE.admin, name: 'Admin' },
  { _id: ROLE.editor, name: 'Editor' },
  { _id: ROLE.factChecker, name: 'Fact-checker' },
];

/** Content every editor manages (the generic resource API). */
export const CONTENT_RESOURCES = [
  'factcheck',
  'article',
  'feed',
  'category',
  'author',
  'media-source',
  'media-source-run',
  'scraping-report',
  'contact',
] as const;

/** What only admins manage, beside the content. */
export const ADMIN_RESOURCES = ['user', 'role', 'permission', 'audit'] as const;

/** Fact-checkers may create and edit, but never publish nor set what editors decide. */
export const FACT_CHECKER_PAYLOAD: Readonly<Record<string, Record<string, unknown[]>>> = {
  factcheck: { status: ['draft', 'review'], disabledAt: [null], deletedAt: [null] },
  article: { status: ['draft', 'review'] },
};
const FACT_CHECKER_DELETE_QUERY = 'status={ne}published';
/** What fact-checkers only read (pick lists in their forms, the news feed). */
const FACT_CHECKER_READS = [
  'feed',
  'category',
  'author',
  'media-source',
  'media-source-run',
  'scraping-report',
];

const role = (id: string, selectors?: Permission['selectors']): Permission => ({
  by: 'role',
  value: id,
  access: 'grant',
  ...(selectors ? { selectors } : {}),
});
const anyone = (selectors?: Permission['selectors']): Permission => ({
  by: 'anonymous',
  access: 'grant',
  ...(selectors ? { selectors } : {}),
});
const publishedOnly = anyone({ query: 'status=published' });

const STAFF_WRITES = ['Create', 'Update', 'Patch'] as const;

export interface DefaultRuleBases {
  /** The files base path (default /storage): public files are served there. */
  storageBase?: string;
}

export function defaultRules(apiBase: string, bases: DefaultRuleBases = {}): Rule[] {
  const storageBase = bases.storageBase ?? '/storage';
  const rules = new Map<string, Rule>();
  /** Appends permissions to a rule's action, creating the rule on first use. */
  const add = (path: string, action: string, ...permissions: Permission[]) => {
    let rule = rules.get(path);
    if (!rule) {
      rule = { name: path, path, actions: {}, ruleSource: 'default' };
      rules.set(path, rule);
    }
    rule.actions[action] = [...(rule.actions[action] ?? []), ...permissions];
  };
  const api = (resource: string) => `${apiBase}/${resource}`;

  // Admins: all content, users, roles, permissions and the audit log.
  for (const r of [...CONTENT_RESOURCES, ...ADMIN_RESOURCES, 'storage']) {
    for (const action of ACTIONS) add(api(r), action, role(ROLE.admin));
  }
  // Editors: all content, and they publish.
  for (const r of [...CONTENT_RESOURCES, 'storage']) {
    for (const action of ACTIONS) add(api(r), action, role(ROLE.editor));
  }
  // Fact-checkers: create and edit fact-checks and articles up to review; delete unpublished ones.
  for (const r of ['factcheck', 'article'] as const) {
    add(api(r), 'Read', role(ROLE.factChecker));
    for (const action of STAFF_WRITES) {
      add(api(r), action, role(ROLE.factChecker, { payload: FACT_CHECKER_PAYLOAD[r]! }));
    }
    add(api(r), 'Delete', role(ROLE.factChecker, { query: FACT_CHECKER_DELETE_QUERY }));
  }
  for (const r of FACT_CHECKER_READS) add(api(r), 'Read', role(ROLE.factChecker));
  add(api('storage'), 'Read', role(ROLE.factChecker));
  add(api('storage'), 'Create', role(ROLE.factChecker));
  for (const staff of [ROLE.admin, ROLE.editor]) {
    for (const action of ['Create', 'Update', 'Delete']) add(storageBase, action, role(staff));
  }
  add(storageBase, 'Create', role(ROLE.factChecker));

  // Settings → Workflow (issue 33): administrators change it; every staff role reads it, since the
  // editor's live publish checklist shows only the items the newsroom checks. "May publish own
  // work" (the four-eyes exemption, PUBLISH_OWN_WORK of @tabayyun/workflow) has no default grant:
  // only the super-admin has it.
  add(api('settings/workflow'), 'Update', role(ROLE.admin));
  for (const staff of [ROLE.admin, ROLE.editor, ROLE.factChecker]) {
    add(api('settings/workflow'), 'Read', role(staff));
  }

  // Partners' webhooks and their delivery log (issue 36 §3): administrators only.
  for (const action of ACTIONS) add(api('webhook'), action, role(ROLE.admin));
  // The log is read; Create is "redeliver".
  for (const action of ['Read', 'Create']) add(api('webhook-delivery'), action, role(ROLE.admin));

  // The back office dashboard and its statistics.
  for (const staff of [ROLE.admin, ROLE.editor, ROLE.factChecker]) {
    add('/dashboard', 'Read', role(staff));
    add(api('stats/factcheck'), 'Read', role(staff));
  }

  // Every signed-in user reads their own record (the avatar: GET /api/user/{sub}?select=picture).
  add(`${api('user')}/:id`, 'Read', role(ROLE.admin), {
    by: 'user',
    access: 'grant',
    selectors: { query: '_id=$sub' },
  });

  // Anonymous readers: published public content only, forced by a selector; public taxonomy.
  add(api('factcheck'), 'Read', publishedOnly);
  add(api('article'), 'Read', publishedOnly);
  for (const r of ['category', 'author', 'media-source']) add(api(r), 'Read', anyone());
  add(api('count/category'), 'Read', anyone());
  add(api('count/read'), 'Create', anyone());
  add(api('contract'), 'Create', anyone());
  add(storageBase, 'Read', anyone());

  // Corrections (issue 33 §3): on the record, so only added and read; the publish right adds them,
  // and the public reads those of published items (the item's status, computed at read time).
  for (const staff of [ROLE.admin, ROLE.editor]) {
    for (const action of ['Read', 'Create']) add(api('correction'), action, role(staff));
  }
  add(api('correction'), 'Read', role(ROLE.factChecker), anyone({ query: 'itemStatus=published' }));

  return [...rules.values()];
}
