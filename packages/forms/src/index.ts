// @tabayyun/forms: field definitions → Mantine widgets, validators, dialogs and toasts.
export { type ConfirmOptions, confirm, confirmDelete, confirmProceed } from './dialogs/confirm.tsx';
export { DialogShell, type DialogShellProps } from './dialogs/dialog-shell.tsx';
export { type FormDialogOptions, openFormDialog } from './dialogs/form-dialog.tsx';
export {
  showFailedToast,
  showSavedToast,
  showSaveFailedToast,
  showSuccessToast,
  showWarningToast,
  TOAST_DURATIONS,
} from './dialogs/toasts.ts';
export { type ConditionalState, evaluateFieldConditions } from './engine/conditions.ts';
export { type DrawReason, type DrawWhenNeeded, useDrawWhenNeeded } from './engine/draw-when-needed.ts';
export { DynamicForm, type DynamicFormProps } from './engine/dynamic-form.tsx';
export { FieldRenderer } from './engine/field-renderer.tsx';
export {
  type ControlAria,
  controlAria,
  FieldShell,
  type FieldShellProps,
  fieldLabel,
  fieldPlaceholder,
  fieldShellProps,
  inlineShellProps,
  RequiredMarker,
} from './engine/field-shell.tsx';
export {
  type FormsConfig,
  FormsProvider,
  type FormsProviderProps,
  type ReportWidgetError,
  useFormsConfig,
  useReportWidgetError,
} from './engine/forms-context.tsx';
export {
  errorText,
  type FieldState,
  FORM_IS_INVALID,
  FORM_IS_PRISTINE,
  type FormEngine,
  type FormEngineOptions,
  type FormValues,
  type SubmitCode,
  type SubmitResult,
  useFormEngine,
} from './engine/use-form-engine.ts';
export { useUnsavedChangesWarning } from './engine/use-unsaved-changes-warning.ts';
export { EN_TEXTS, LOCALES, type Locale, type TextKey, translate } from './i18n/texts.ts';
export {
  isBooleanField,
  MULTIPLE_CAPABLE_TYPES,
  type NormalisedField,
  type NormalisedForm,
  normaliseField,
  normaliseForm,
} from './model/normalise.ts';
export { findOption, optionKey, recordToOption } from './model/options.ts';
export {
  Paragraph,
  type ParagraphKind,
  type ParagraphProps,
  renderParagraphHtml,
} from './paragraph/paragraph.tsx';
export { getWidget, preloadWidgets, simpleWidgets, widgets } from './registry.ts';
export * from './types.ts';
export {
  checkPasswordStrength,
  generatePassword,
  PASSWORD_CLASSES,
  type PasswordClass,
  type PasswordStrength,
} from './validators/password-strength.ts';
export {
  createValidator,
  EMAIL_PATTERN,
  isEmptyValue,
  runValidators,
  VALIDATOR_NAMES,
  type ValidationError,
  type ValidatorFn,
} from './validators/validators.ts';
export { type FileTypeClass, fileTypeClass } from './widgets/file/file-rules.ts';
export { type LazyWidget, lazyWidget } from './widgets/lazy-widget.tsx';
