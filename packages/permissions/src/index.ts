// @tabayyun/permissions: the rule tree, the access decision, selectors and the condition engine.
// Browser-safe: the server guard and the back office's menus run the same code.

export { authorize, authorizeInBrowser } from './authorize.ts';
export type {
  CompactOperatorNode,
  ConditionErrorCode,
  ConditionExpression,
  ConditionOperator,
  Operand,
  OperatorNode,
} from './condition.ts';
export { CONDITION_OPERATORS, ConditionError, evaluateCondition, readPath } from './condition.ts';
export { matchesPermission } from './match-permission.ts';
export { buildRuleTree, isParamSegment, rule } from './rule-tree.ts';
export type { PayloadCheck } from './selectors.ts';
export { checkPayload, resolveSelectorQuery, SelectorError } from './selectors.ts';
export type {
  Access,
  Action,
  Actor,
  ClaimPermissionValue,
  Decision,
  DecisionSelectors,
  Permission,
  PermissionBy,
  Rule,
  RuleBranch,
  Selectors,
} from './types.ts';
export { ACTIONS, ANONYMOUS_ACTOR, SUPER_ADMIN_ROLE } from './types.ts';
