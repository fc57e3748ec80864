import type { Access, Permission, Rule, RuleBranch } from './types.ts';

/** True for a `:param` segment, which matches any one path segment. */
export function isParamSegment(segment: string): boolean {
  return segment.charCodeAt(0) === 58; // ':'
}

/**
 * Builds the tree served by GET /permissions/rules. Paths split on '/', empty segments ignored.
 *
 * Merge (database rows over built-in defaults: pass the defaults first): a later rule for the same
 * path keeps the earlier rule's actions it does not name and **replaces the permission list** of
 * each action it names (an empty list removes the earlier permissions of that action). Its `name`
 * and `path` win; its `fallbackAuthorization` and `ruleSource` win when present.
 *
 * Every `:param` segment at one level shares one branch, keyed by the first spelling seen, since
 * they all match the same segments (`/a/:id/x` and `/a/:slug/y` both sit under `a/:id`).
 * Branch objects have no prototype, so a segment such as `__proto__` is an ordinary key.
 */
export function buildRuleTree(rules: readonly Rule[]): RuleBranch {
  const root = createBranch();
  for (const incoming of rules) {
    let branch = root;
    for (const segment of incoming.path.split('/')) {
      if (segment === '') continue;
      const key = isParamSegment(segment) ? (findParamKey(branch.children) ?? segment) : segment;
      let child = branch.children[key];
      if (child === undefined) {
        child = createBranch();
        branch.children[key] = child;
      }
      branch = child;
    }
    branch.item = branch.item === null ? copyRule(incoming) : mergeRule(branch.item, incoming);
  }
  return root;
}

/** A terse rule definition: the name is the path. */
export function rule(path: string, actions: Record<string, Permission[]>, fallback?: Access): Rule {
  return fallback === undefined
    ? { name: path, path, actions }
    : { name: path, path, actions, fallbackAuthorization: fallback };
}

/** The key of the `:param` child of a branch's children, if any (works on trees parsed from JSON). */
export function findParamKey(children: Record<string, RuleBranch>): string | undefined {
  for (const key in children) if (isParamSegment(key)) return key;
  return undefined;
}

function createBranch(): RuleBranch {
  return { item: null, children: Object.create(null) as Record<string, RuleBranch> };
}

function copyRule(source: Rule): Rule {
  const actions = Object.create(null) as Record<string, Permission[]>;
  for (const action of Object.keys(source.actions)) actions[action] = source.actions[action]!;
  return { ...source, actions };
}

function mergeRule(earlier: Rule, later: Rule): Rule {
  const merged = copyRule(earlier);
  for (const action of Object.keys(later.actions)) merged.actions[action] = later.actions[action]!;
  merged.name = later.name;
  merged.path = later.path;
  if (later.fallbackAuthorization !== undefined) merged.fallbackAuthorization = later.fallbackAuthorization;
  if (later.ruleSource !== undefined) merged.ruleSource = later.ruleSource;
  return merged;
}
