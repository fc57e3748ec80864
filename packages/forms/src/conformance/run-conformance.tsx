// The shared conformance suite every widget passes before its own cases (STYLE.md): label
// association, required marker + error + aria after a failed validation (through the real
// engine), disabled, readOnly, a controlled value round-trip, and right-to-left rendering.
//
// Usage, in `src/widgets/<type>/<type>-widget.test.tsx`:
//
//   runWidgetConformance('text', { sampleValue: 'hello', otherValue: 'world' });
//
// Options:
//   widget            the widget under test (default: the registry's widget for `type`)
//   sampleValue       a value the widget displays (controlled value in)
//   otherValue        the value `change` produces; onChange must receive exactly it (toEqual)
//   definitionExtras  merged into the field definition (`inputs` merged key by key), e.g. items
//   change(ctx)       performs the user's change to otherValue; default: clear the control and
//                     type String(otherValue)
//   expectDisplayed(ctx, value)  asserts the control shows `value`; default: the control's
//                     `.value` equals String(value)
//   findControl(ctx)  the control the label points to; default: among getAllByLabelText(label),
//                     the element with the field's id, else the first
//   skip              names of checks to leave out, with a reason in your test file
//
// `ctx` is { user, root, control, screen }: root is the field's root element (it carries
// `data-field-name`), control what the label labels.
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { DynamicForm } from '../engine/dynamic-form.tsx';
import { getWidget } from '../registry.ts';
import type { FieldDefinition, FieldType, Widget, WidgetProps } from '../types.ts';

export type ConformanceCheck = 'label' | 'required' | 'disabled' | 'readonly' | 'roundTrip' | 'rtl';

export interface ConformanceContext {
  user: ReturnType<typeof userEvent.setup>;
  root: HTMLElement;
  control: HTMLElement;
  screen: typeof screen;
}

export interface ConformanceOptions<V> {
  // biome-ignore lint/suspicious/noExplicitAny: the suite is generic over every widget's value type.
  widget?: Widget<any>;
  sampleValue: V;
  otherValue: V;
  definitionExtras?: Partial<FieldDefinition>;
  change?: (ctx: ConformanceContext) => Promise<void>;
  expectDisplayed?: (ctx: ConformanceContext, value: V) => void;
  findControl?: (ctx: Omit<ConformanceContext, 'control'>) => HTMLElement;
  skip?: ConformanceCheck[];
}

export const CONFORMANCE_LABEL = 'Conformance label';
export const CONFORMANCE_ERROR = 'Conformance error';
const FIELD_NAME = 'subject';
const ID = 'conformance-field';

function buildField(type: FieldType, extras: Partial<FieldDefinition> | undefined): FieldDefinition {
  return {
    ...extras,
    type,
    name: FIELD_NAME,
    inputs: { label: CONFORMANCE_LABEL, ...extras?.inputs },
  };
}

function fieldRoot(container: HTMLElement): HTMLElement {
  const root = container.querySelector<HTMLElement>(`[data-field-name="${FIELD_NAME}"]`);
  if (!root) throw new Error(`No element with data-field-name="${FIELD_NAME}": spread the FieldShell props`);
  return root;
}

const LABEL_PATTERN = new RegExp(CONFORMANCE_LABEL);

/** What the label labels; when several elements are (a combobox and its listbox), the one with the field's id. */
function defaultFindControl(): HTMLElement {
  const labelled = screen.getAllByLabelText(LABEL_PATTERN, { selector: '*' });
  return labelled.find((element) => element.id === ID) ?? labelled[0]!;
}

async function defaultChange(ctx: ConformanceContext, value: unknown): Promise<void> {
  await ctx.user.clear(ctx.control);
  await ctx.user.type(ctx.control, String(value));
}

function defaultExpectDisplayed(ctx: ConformanceContext, value: unknown): void {
  expect((ctx.control as HTMLInputElement).value).toBe(String(value));
}

/** A widget whose value lives in state, as inside a form: what it emits comes back as its value. */
function ControlledWidget<V>({
  widget: Widget,
  field,
  initialValue,
  onValue,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: the suite is generic over every widget's value type.
  widget: Widget<any>;
  field: FieldDefinition;
  initialValue: V;
  onValue: (value: V) => void;
}) {
  const [value, setValue] = useState<V>(initialValue);
  return (
    <Widget
      field={field}
      id={ID}
      value={value}
      onChange={(next: V) => {
        onValue(next);
        setValue(next);
      }}
      onBlur={() => {}}
      required={false}
      disabled={false}
      readOnly={false}
      dir="ltr"
      locale="en"
    />
  );
}

export function runWidgetConformance<V>(type: FieldType, options: ConformanceOptions<V>): void {
  const skip = new Set(options.skip ?? []);
  // Checks that do not apply to a widget are not registered at all (no skipped tests).
  const itUnless = (check: ConformanceCheck): typeof it =>
    skip.has(check) ? ((() => undefined) as unknown as typeof it) : it;
  const resolveWidget = () => {
    const widget = options.widget ?? getWidget(type);
    if (!widget) throw new Error(`No widget registered for ${type}`);
    return widget;
  };
  const findControl = options.findControl ?? defaultFindControl;
  const change = (ctx: ConformanceContext) =>
    options.change ? options.change(ctx) : defaultChange(ctx, options.otherValue);
  const expectDisplayed = (ctx: ConformanceContext, value: V) =>
    options.expectDisplayed ? options.expectDisplayed(ctx, value) : defaultExpectDisplayed(ctx, value);

  function renderWidget(overrides: Partial<WidgetProps<V>> = {}, dir: 'rtl' | 'ltr' = 'ltr') {
    const Widget = resolveWidget();
    const onChange = vi.fn();
    const props: WidgetProps<V> = {
      field: buildField(type, options.definitionExtras),
      id: ID,
      value: options.sampleValue,
      onChange,
      onBlur: () => {},
      required: false,
      disabled: false,
      readOnly: false,
      dir,
      locale: 'en',
      ...overrides,
    };
    const user = userEvent.setup();
    const { container } = renderWithProviders(<Widget {...props} />, { dir });
    const base = { user, root: fieldRoot(container), screen };
    return { onChange, ctx: { ...base, control: findControl(base) } satisfies ConformanceContext };
  }

  async function attemptChange(ctx: ConformanceContext): Promise<void> {
    try {
      await change(ctx);
    } catch {
      // user-event refuses to act on some disabled elements: that is the behaviour under test.
    }
  }

  describe(`${type} widget conformance`, () => {
    itUnless('label')('associates its label with the control by id', () => {
      const { ctx } = renderWidget();
      expect(ctx.control.id).toBe(ID);
      expect(within(ctx.root).getByText(CONFORMANCE_LABEL)).toBeTruthy();
    });

    itUnless('required')(
      'shows the required marker, the error and aria-invalid after a failed validation',
      async () => {
        const extras = options.definitionExtras;
        const field: FieldDefinition = {
          ...buildField(type, extras),
          inputs: { label: CONFORMANCE_LABEL, ...extras?.inputs, required: true },
          validations: [{ name: 'required', message: CONFORMANCE_ERROR }, ...(extras?.validations ?? [])],
        };
        const onSubmit = vi.fn();
        const { container } = renderWithProviders(
          <DynamicForm definition={{ fields: [field] }} onSubmit={onSubmit} locale="en" dir="ltr" />,
        );
        const user = userEvent.setup();
        const root = fieldRoot(container);
        const marker = [...root.querySelectorAll('[aria-hidden="true"]')].find(
          (element) => element.textContent?.trim() === '*',
        );
        expect(marker, 'a visible required asterisk (aria-hidden)').toBeTruthy();
        await user.click(screen.getByRole('button', { name: 'Save' }));
        expect(onSubmit).not.toHaveBeenCalled();
        const error = await within(root).findByText(CONFORMANCE_ERROR);
        const control = findControl({ user, root, screen });
        expect(control.getAttribute('aria-invalid')).toBe('true');
        const errorId = error.closest('[id]')?.id;
        expect(errorId, 'the error element has an id').toBeTruthy();
        expect(control.getAttribute('aria-describedby')?.split(' ')).toContain(errorId);
        const isRequired =
          control.getAttribute('aria-required') === 'true' || control.hasAttribute('required');
        expect(isRequired, 'aria-required or required on the control').toBe(true);
      },
    );

    itUnless('disabled')('honours disabled: controls are disabled and changes are ignored', async () => {
      const { ctx, onChange } = renderWidget({ disabled: true });
      const controls = [
        ...ctx.root.querySelectorAll<HTMLElement>('input:not([type=hidden]), textarea, select, button'),
      ];
      const isMarkedDisabled = (element: Element) =>
        element.hasAttribute('disabled') ||
        element.closest('[aria-disabled="true"],[data-disabled]') !== null;
      expect(controls.length > 0 ? controls.every(isMarkedDisabled) : isMarkedDisabled(ctx.control)).toBe(
        true,
      );
      await attemptChange(ctx);
      expect(onChange).not.toHaveBeenCalled();
    });

    itUnless('readonly')('honours readOnly: marked read-only and changes are ignored', async () => {
      const { ctx, onChange } = renderWidget({ readOnly: true });
      const marked = ctx.root.querySelector('[readonly], [aria-readonly="true"], [data-readonly]');
      expect(marked, 'an element marked readonly or aria-readonly').toBeTruthy();
      await attemptChange(ctx);
      expect(onChange).not.toHaveBeenCalled();
    });

    itUnless('roundTrip')('round-trips its value: shows the value in, emits the changed value', async () => {
      const Widget = resolveWidget();
      const spy = vi.fn();
      const user = userEvent.setup();
      const { container } = renderWithProviders(
        <ControlledWidget
          widget={Widget}
          field={buildField(type, options.definitionExtras)}
          initialValue={options.sampleValue}
          onValue={spy}
        />,
      );
      const base = { user, root: fieldRoot(container), screen };
      const ctx = { ...base, control: findControl(base) };
      expectDisplayed(ctx, options.sampleValue);
      await change(ctx);
      expect(spy).toHaveBeenCalled();
      expect(spy.mock.lastCall?.[0]).toEqual(options.otherValue);
      const after = { ...base, root: fieldRoot(container), control: findControl(base) };
      expectDisplayed(after, options.otherValue);
    });

    itUnless('rtl')('renders right to left inside dir="rtl"', () => {
      const { ctx } = renderWidget({}, 'rtl');
      expect(ctx.root.getAttribute('dir')).toBe('rtl');
      expect(within(ctx.root).getByText(CONFORMANCE_LABEL)).toBeTruthy();
    });
  });
}
