// The form state (values, touched, dirty, errors, submission) behind <DynamicForm>. Headless: the
// renderer and dialogs read it, tests can drive it through renderHook.
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { type Locale, translate } from '../i18n/texts.ts';
import { type NormalisedField, type NormalisedForm, normaliseForm } from '../model/normalise.ts';
import type { CustomWidgets, DataAdapter, FormDefinition } from '../types.ts';
import { runValidators, type ValidationError } from '../validators/validators.ts';
import { type ConditionalState, evaluateFieldConditions } from './conditions.ts';
import { useFormsConfig } from './forms-context.tsx';
import { isSameValue } from './values.ts';

export type FormValues = Record<string, unknown>;

export const FORM_IS_INVALID = 'FORM_IS_INVALID';
export const FORM_IS_PRISTINE = 'FORM_IS_PRISTINE';
export type SubmitCode = typeof FORM_IS_INVALID | typeof FORM_IS_PRISTINE;

export interface SubmitResult {
  /** True when onSubmit ran. */
  submitted: boolean;
  /** FORM_IS_INVALID (nothing submitted) or FORM_IS_PRISTINE (submitted without changes). */
  code?: SubmitCode;
  values: FormValues;
  errors: Record<string, ValidationError[]>;
  /** What onSubmit returned. */
  result?: unknown;
}

export interface FormEngineOptions {
  initialValues?: FormValues;
  onSubmit?: (values: FormValues, meta: { isPristine: boolean }) => unknown;
  adapter?: DataAdapter;
  dir?: 'rtl' | 'ltr';
  locale?: Locale;
  /** Sections open at first; default every section. */
  openSections?: string[];
  /** Delay before the first invalid field is focused after a failed submit (platform §4). */
  focusDelayMs?: number;
  /** Widgets for `x-…` types, merged over FormsProvider's. */
  widgets?: CustomWidgets;
}

export interface FieldState extends ConditionalState {
  readOnly: boolean;
}

export interface FormEngine {
  form: NormalisedForm;
  values: FormValues;
  touched: Record<string, boolean>;
  isDirty: boolean;
  isTouched: boolean;
  isValid: boolean;
  isSubmitted: boolean;
  locale: Locale;
  dir: 'rtl' | 'ltr';
  adapter?: DataAdapter;
  /** The custom widgets (FormsProvider's, then the options'). */
  widgets?: CustomWidgets;
  openSections: string[];
  setOpenSections(sections: string[]): void;
  fieldId(name: string): string;
  fieldState(name: string): FieldState;
  /** The error shown under the field (after touch or submit), already translated. */
  shownError(name: string): string | undefined;
  /** Every current error of every active field, whether shown yet or not. */
  validate(): Record<string, ValidationError[]>;
  setValue(name: string, value: unknown): void;
  setValues(values: FormValues): void;
  blur(name: string): void;
  reportWidgetError(name: string, error: ValidationError | null): void;
  submit(): Promise<SubmitResult>;
  /** Resets values (default: the initial ones), touched and submitted; the baseline for dirty too. */
  reset(values?: FormValues): void;
}

export const FOCUS_DELAY_MS = 400;

/** The shown text of an error: the definition's message, else the (translated) key. */
export function errorText(error: ValidationError, locale: Locale): string {
  return error.message ?? translate(locale, error.key, error.params);
}

/** Smooth, unless the reader asked for reduced motion. */
function scrollBehavior(): ScrollBehavior {
  const reduce =
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return reduce ? 'auto' : 'smooth';
}

/** Focusable element of a field: the element with its id, or the first focusable inside. */
function focusTarget(id: string): HTMLElement | null {
  const element = document.getElementById(id);
  if (!element) return null;
  if (element.matches('input:not([type=hidden]),select,textarea,button,[tabindex]')) return element;
  return (
    element.querySelector<HTMLElement>('input:not([type=hidden]),select,textarea,button,[tabindex]') ??
    element
  );
}

export function useFormEngine(definition: FormDefinition, options: FormEngineOptions = {}): FormEngine {
  const config = useFormsConfig();
  const locale = options.locale ?? config.locale;
  const dir = options.dir ?? config.dir;
  const adapter = options.adapter ?? config.adapter;
  const widgets = useMemo(
    () => (options.widgets || config.widgets ? { ...config.widgets, ...options.widgets } : undefined),
    [options.widgets, config.widgets],
  );
  const formId = useId();
  const form = useMemo(() => normaliseForm(definition), [definition]);
  const fieldsByName = useMemo(() => new Map(form.allFields.map((f) => [f.name, f])), [form]);

  const [values, setValuesState] = useState<FormValues>(() => ({ ...options.initialValues }));
  const [baseline, setBaseline] = useState<FormValues>(() => ({ ...options.initialValues }));
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [checked, setChecked] = useState<FormValues>({});
  const [widgetErrors, setWidgetErrors] = useState<Record<string, ValidationError | null>>({});
  const [isSubmitted, setSubmitted] = useState(false);
  const [openSections, setOpenSections] = useState<string[]>(
    () => options.openSections ?? form.sections.map((s) => s.name),
  );
  // The latest state for async submit and event handlers.
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const widgetErrorsRef = useRef(widgetErrors);
  widgetErrorsRef.current = widgetErrors;
  const onSubmitRef = useRef(options.onSubmit);
  onSubmitRef.current = options.onSubmit;

  const statesFor = useCallback(
    (current: FormValues) => {
      const states = new Map<string, FieldState>();
      for (const field of form.allFields) {
        const conditional = evaluateFieldConditions(field.definition, current, { required: field.required });
        states.set(field.name, { ...conditional, readOnly: Boolean(field.definition.inputs?.readonly) });
      }
      return states;
    },
    [form],
  );
  const states = useMemo(() => statesFor(values), [statesFor, values]);

  const errorsOf = useCallback(
    (
      field: NormalisedField,
      value: unknown,
      state: FieldState | undefined,
      reportedErrors: Record<string, ValidationError | null>,
    ): ValidationError[] => {
      if (!state?.visible || state.disabled) return [];
      const validators = state.required ? [field.requiredValidator, ...field.validators] : field.validators;
      const errors = runValidators(value, validators);
      const reported = reportedErrors[field.name];
      return reported ? [...errors, reported] : errors;
    },
    [],
  );

  const validateValues = useCallback(
    (current: FormValues, reportedErrors: Record<string, ValidationError | null>) => {
      const currentStates = statesFor(current);
      const all: Record<string, ValidationError[]> = {};
      for (const field of form.allFields) {
        const errors = errorsOf(field, current[field.name], currentStates.get(field.name), reportedErrors);
        if (errors.length) all[field.name] = errors;
      }
      return all;
    },
    [form, statesFor, errorsOf],
  );

  const liveErrors = useMemo(
    () => validateValues(values, widgetErrors),
    [validateValues, values, widgetErrors],
  );

  const fieldId = useCallback((name: string) => `${formId}-${name}`, [formId]);

  const setValue = useCallback((name: string, value: unknown) => {
    setValuesState((previous) => {
      const next = { ...previous, [name]: value };
      valuesRef.current = next;
      return next;
    });
  }, []);

  const blur = useCallback(
    (name: string) => {
      setTouched((previous) => (previous[name] ? previous : { ...previous, [name]: true }));
      if (fieldsByName.get(name)?.updateOn === 'blur') {
        setChecked((previous) => ({ ...previous, [name]: valuesRef.current[name] }));
      }
    },
    [fieldsByName],
  );

  const reportWidgetError = useCallback((name: string, error: ValidationError | null) => {
    setWidgetErrors((previous) =>
      (previous[name] ?? null) === error ||
      (previous[name] &&
        error &&
        previous[name]?.key === error.key &&
        previous[name]?.message === error.message)
        ? previous
        : { ...previous, [name]: error },
    );
  }, []);

  const shownError = (name: string): string | undefined => {
    const field = fieldsByName.get(name);
    if (!field || !(touched[name] || isSubmitted)) return undefined;
    let errors: ValidationError[] | undefined;
    if (field.updateOn === 'change') errors = liveErrors[name];
    else if (name in checked) errors = errorsOf(field, checked[name], states.get(name), widgetErrors);
    const first = errors?.[0];
    return first ? errorText(first, locale) : undefined;
  };

  const isDirty = form.allFields.some((f) => !isSameValue(values[f.name], baseline[f.name]));
  const isTouched = Object.values(touched).some(Boolean);
  const focusDelay = options.focusDelayMs ?? FOCUS_DELAY_MS;
  // The scroll and focus after a refused submit: forgotten when the form goes away first.
  const focusTimers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const timers = focusTimers.current;
    return () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    };
  }, []);
  const later = (task: () => void, delayMs: number) => {
    const timer = setTimeout(() => {
      focusTimers.current.delete(timer);
      task();
    }, delayMs);
    focusTimers.current.add(timer);
  };

  const submit = async (): Promise<SubmitResult> => {
    const current = valuesRef.current;
    setSubmitted(true);
    setChecked({ ...current });
    const errors = validateValues(current, widgetErrorsRef.current);
    const invalid = form.allFields.filter((f) => errors[f.name]);
    if (invalid.length > 0) {
      const sections = new Set(invalid.map((f) => f.section).filter((s): s is string => Boolean(s)));
      setOpenSections((previous) => [...previous, ...[...sections].filter((s) => !previous.includes(s))]);
      const id = fieldId(invalid[0]!.name);
      // Let the panel expand before scrolling; focus after the spec's delay.
      later(() => focusTarget(id)?.scrollIntoView({ behavior: scrollBehavior(), block: 'center' }), 0);
      later(() => {
        const target = focusTarget(id);
        // Focusing during the smooth scroll cancels it half-way in Chromium (and focus's own
        // scroll does not run): focus without scrolling, then finish the scroll to the field.
        target?.focus({ preventScroll: true });
        target?.scrollIntoView({ behavior: scrollBehavior(), block: 'center' });
      }, focusDelay);
      return { submitted: false, code: FORM_IS_INVALID, values: current, errors };
    }
    const isPristine = form.allFields.every((f) => isSameValue(current[f.name], baseline[f.name]));
    const result = await onSubmitRef.current?.(current, { isPristine });
    // Saved: the submitted values are the new baseline, so nothing is "unsaved" any more.
    setBaseline(current);
    return {
      submitted: true,
      ...(isPristine ? { code: FORM_IS_PRISTINE } : {}),
      values: current,
      errors,
      result,
    };
  };

  const reset = useCallback(
    (next?: FormValues) => {
      const resetValues = { ...(next ?? options.initialValues) };
      valuesRef.current = resetValues;
      setValuesState(resetValues);
      setBaseline(resetValues);
      setTouched({});
      setChecked({});
      setSubmitted(false);
    },
    [options.initialValues],
  );

  const setValues = useCallback((next: FormValues) => {
    setValuesState((previous) => {
      const merged = { ...previous, ...next };
      valuesRef.current = merged;
      return merged;
    });
  }, []);

  return {
    form,
    values,
    touched,
    isDirty,
    isTouched,
    isValid: Object.keys(liveErrors).length === 0,
    isSubmitted,
    locale,
    dir,
    ...(adapter ? { adapter } : {}),
    ...(widgets ? { widgets } : {}),
    openSections,
    setOpenSections,
    fieldId,
    fieldState: (name) =>
      states.get(name) ?? { visible: false, disabled: false, required: false, readOnly: false },
    shownError,
    validate: () => validateValues(valuesRef.current, widgetErrorsRef.current),
    setValue,
    setValues,
    blur,
    reportWidgetError,
    submit,
    reset,
  };
}
