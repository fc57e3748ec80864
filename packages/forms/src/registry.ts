// Field type → widget. The simple widgets are registered here; the complex ones come from
// `widgets/complex.ts`, owned by their own module, and take precedence when both define a type.
import type { CustomFieldType, CustomWidgets, FieldType, Widget } from './types.ts';
import { complexWidgets } from './widgets/complex.ts';
import { EmailWidget } from './widgets/email/email-widget.tsx';
import { HiddenWidget } from './widgets/hidden/hidden-widget.tsx';
import { type LazyWidget, lazyWidget } from './widgets/lazy-widget.tsx';
import { PasswordWidget } from './widgets/password/password-widget.tsx';
import { SwitchWidget } from './widgets/switch/switch-widget.tsx';
import { TextWidget } from './widgets/text/text-widget.tsx';
import { TextareaWidget } from './widgets/textarea/textarea-widget.tsx';

// biome-ignore lint/suspicious/noExplicitAny: each widget has its own value type; the registry erases it.
type AnyWidget = Widget<any>;

export const simpleWidgets: Partial<Record<FieldType, AnyWidget>> = {
  text: TextWidget,
  hidden: HiddenWidget,
  password: PasswordWidget,
  number: lazyWidget(() =>
    import('./widgets/number/number-widget.tsx').then((m) => ({ default: m.NumberWidget })),
  ),
  'number-range': lazyWidget(() =>
    import('./widgets/number-range/number-range-widget.tsx').then((m) => ({ default: m.NumberRangeWidget })),
  ),
  slider: lazyWidget(() =>
    import('./widgets/slider/slider-widget.tsx').then((m) => ({ default: m.SliderWidget })),
  ),
  reviews: lazyWidget(() =>
    import('./widgets/reviews/reviews-widget.tsx').then((m) => ({ default: m.ReviewsWidget })),
  ),
  email: EmailWidget,
  select: lazyWidget(() =>
    import('./widgets/select/select-widget.tsx').then((m) => ({ default: m.SelectWidget })),
  ),
  textarea: TextareaWidget,
  checks: lazyWidget(() =>
    import('./widgets/checks/checks-widget.tsx').then((m) => ({ default: m.CheckboxesWidget })),
  ),
  radios: lazyWidget(() =>
    import('./widgets/radios/radios-widget.tsx').then((m) => ({ default: m.RadiosWidget })),
  ),
  switch: SwitchWidget,
  color: lazyWidget(() =>
    import('./widgets/color/color-widget.tsx').then((m) => ({ default: m.ColorWidget })),
  ),
};

export const widgets: Partial<Record<FieldType, AnyWidget>> = {
  ...simpleWidgets,
  ...(complexWidgets as Partial<Record<FieldType, AnyWidget>>),
};

/**
 * Loads the code of the widgets that load on first use: those of the given field types (a screen's
 * loader starts its form's widgets with its data), or all of them (tests render them at once).
 * Types without such a widget are passed over.
 */
export async function preloadWidgets(types?: Iterable<string>): Promise<void> {
  const chosen = types ? [...types].map((type) => widgets[type as FieldType]) : Object.values(widgets);
  await Promise.all((chosen as (Partial<LazyWidget> | undefined)[]).map((widget) => widget?.preload?.()));
}

/** The widget of a type: the application's own (`custom`, for `x-…` types) first, then the registry. */
export function getWidget(type: FieldType | CustomFieldType, custom?: CustomWidgets): AnyWidget | undefined {
  return custom?.[type as CustomFieldType] ?? widgets[type as FieldType];
}
