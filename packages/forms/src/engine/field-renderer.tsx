// Renders one field through the registry with the shared widget props.
import { Skeleton, Text } from '@mantine/core';
import { type ComponentType, memo, Suspense, useCallback } from 'react';
import { translate } from '../i18n/texts.ts';
import type { NormalisedField } from '../model/normalise.ts';
import { getWidget } from '../registry.ts';
import type { WidgetProps } from '../types.ts';
import type { ValidationError } from '../validators/validators.ts';
import { WidgetErrorContext } from './forms-context.tsx';
import type { FormEngine } from './use-form-engine.ts';
import { useUnsavedChangesWarning } from './use-unsaved-changes-warning.ts';

/**
 * A widget draws again only when its own props change (they are values and stable callbacks): typing
 * in one field of a long form no longer draws every other field, e.g. the four long rich-text
 * fields of the fact-check editor for each key of its title. Widgets that read other values do so
 * through context, which still reaches them.
 */
const WidgetSlot = memo(function WidgetSlot({
  widget: Widget,
  ...props
}: WidgetProps<unknown> & { widget: ComponentType<WidgetProps<unknown>> }) {
  return <Widget {...props} />;
});

export interface FieldRendererProps {
  engine: FormEngine;
  field: NormalisedField;
  /** The first field of the form attaches the unsaved-changes warning (platform §4). */
  isFirst?: boolean;
}

export function FieldRenderer({ engine, field, isFirst = false }: FieldRendererProps) {
  const { name } = field;
  const state = engine.fieldState(name);
  useUnsavedChangesWarning(isFirst && engine.form.warnUnsavedChanges && engine.isDirty && engine.isTouched);
  const { setValue, blur, reportWidgetError } = engine;
  const onChange = useCallback((value: unknown) => setValue(name, value), [setValue, name]);
  const onBlur = useCallback(() => blur(name), [blur, name]);
  const report = useCallback(
    (error: ValidationError | null) => reportWidgetError(name, error),
    [reportWidgetError, name],
  );
  if (!state.visible) return null;

  const Widget = getWidget(field.type, engine.widgets);
  if (!Widget) {
    return (
      <Text role="alert" c="red" size="sm" data-field-name={name}>
        {translate(engine.locale, 'templateNotFound', { name: field.type })}
      </Text>
    );
  }
  if (field.isArrayUnsupported) {
    return (
      <Text role="alert" c="red" size="sm" data-field-name={name}>
        {translate(engine.locale, 'arrayFieldNotSupported')}
      </Text>
    );
  }
  const props: WidgetProps<unknown> = {
    field: field.definition,
    id: engine.fieldId(name),
    value: engine.values[name],
    onChange,
    onBlur,
    error: engine.shownError(name),
    required: state.required,
    disabled: state.disabled,
    readOnly: state.readOnly,
    dir: engine.dir,
    locale: engine.locale,
    ...(engine.adapter ? { adapter: engine.adapter } : {}),
  };
  return (
    <WidgetErrorContext value={report}>
      {/* Complex widgets load on first use (widgets/lazy-widget.tsx). */}
      <Suspense fallback={<Skeleton height={58} data-field-name={name} data-loading="true" />}>
        <WidgetSlot widget={Widget} {...props} />
      </Suspense>
    </WidgetErrorContext>
  );
}
