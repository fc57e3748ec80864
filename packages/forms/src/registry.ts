// Field type → widget. The simple widgets are registered here; the complex ones come from
// `widgets/complex.ts`, owned by their own module, and take precedence when both define a type.
import type { CustomFieldType, CustomWidgets, FieldType, Widget } from './types.ts';
import { CheckboxesWidget } from './widgets/checks/checks-widget.tsx';
import { ColorWidget } from './widgets/color/color-widget.tsx';
import { complexWidgets } from './widgets/complex.ts';
import { EmailWidget } from './widgets/email/email-widget.tsx';
import { HiddenWidget } from './widgets/hidden/hidden-widget.tsx';
import { NumberWidget } from './widgets/number/number-widget.tsx';
import { NumberRangeWidget } from './widgets/number-range/number-range-widget.tsx';
import { PasswordWidget } from './widgets/password/password-widget.tsx';
import { RadiosWidget } from './widgets/radios/radios-widget.tsx';
import { ReviewsWidget } from './widgets/reviews/reviews-widget.tsx';
import { SelectWidget } from './widgets/select/select-widget.tsx';
import { SliderWidget } from './widgets/slider/slider-widget.tsx';
import { SwitchWidget } from './widgets/switch/switch-widget.tsx';
import { TextWidget } from './widgets/text/text-widget.tsx';
import { TextareaWidget } from './widgets/textarea/textarea-widget.tsx';

// biome-ignore lint/suspicious/noExplicitAny: each widget has its own value type; the registry erases it.
type AnyWidget = Widget<any>;

export const simpleWidgets: Partial<Record<FieldType, AnyWidget>> = {
  text: TextWidget,
  hidden: HiddenWidget,
  password: PasswordWidget,
  number: NumberWidget,
  'number-range': NumberRangeWidget,
  slider: SliderWidget,
  reviews: ReviewsWidget,
  email: EmailWidget,
  select: SelectWidget,
  textarea: TextareaWidget,
  checks: CheckboxesWidget,
  radios: RadiosWidget,
  switch: SwitchWidget,
  color: ColorWidget,
};

export const widgets: Partial<Record<FieldType, AnyWidget>> = {
  ...simpleWidgets,
  ...(complexWidgets as Partial<Record<FieldType, AnyWidget>>),
};

/** The widget of a type: the application's own (`custom`, for `x-…` types) first, then the registry. */
export function getWidget(type: FieldType | CustomFieldType, custom?: CustomWidgets): AnyWidget | undefined {
  return custom?.[type as CustomFieldType] ?? widgets[type as FieldType];
}
