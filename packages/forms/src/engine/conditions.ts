// Field conditions `{ on, when, do }` (platform §3) evaluated with @tabayyun/permissions. `when`
// is a condition expression; its context is the value of the field named by `on`, or the whole
// form's values without `on` (so `{ path: 'status' }` reads the status field).
import { type ConditionExpression, evaluateCondition, readPath } from '@tabayyun/permissions';
import type { FieldDefinition } from '../types.ts';

export interface ConditionalState {
  visible: boolean;
  disabled: boolean;
  required: boolean;
}

/**
 * The field's visibility, disabled and required state from its definition and conditions.
 * `show` / `enable` make the field visible / enabled only while their condition holds;
 * `hide` / `disable` / `require` apply while theirs holds.
 */
export function evaluateFieldConditions(
  field: FieldDefinition,
  values: Record<string, unknown>,
  base: { required: boolean },
): ConditionalState {
  const state: ConditionalState = {
    visible: !field.hidden,
    disabled: Boolean(field.inputs?.disabled),
    required: base.required,
  };
  for (const condition of field.conditions ?? []) {
    const context = condition.on ? readPath(values, condition.on) : values;
    const holds = evaluateCondition(condition.when as ConditionExpression, context);
    switch (condition.do) {
      case 'show':
        if (!holds) state.visible = false;
        break;
      case 'hide':
        if (holds) state.visible = false;
        break;
      case 'enable':
        if (!holds) state.disabled = true;
        break;
      case 'disable':
        if (holds) state.disabled = true;
        break;
      case 'require':
        if (holds) state.required = true;
        break;
      default:
        throw new Error(`Unknown condition action: ${String(condition.do)}`);
    }
  }
  return state;
}
