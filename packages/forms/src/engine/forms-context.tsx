// The engine's providers: app-wide settings (data adapter, locale, direction) and, per field, a
// channel through which a widget reports an error only it can see (a confirm box that does not
// match, a date that does not parse). The engine treats a reported error like a failed validator.
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { createContext, type ReactNode, useContext } from 'react';
import type { Locale } from '../i18n/texts.ts';
import type { CustomWidgets, DataAdapter } from '../types.ts';
import type { ValidationError } from '../validators/validators.ts';

export interface FormsConfig {
  adapter?: DataAdapter;
  locale: Locale;
  dir: 'rtl' | 'ltr';
  /** The application's own widgets by `x-…` type name, consulted before the registry. */
  widgets?: CustomWidgets;
}

/** The spec's default language is Arabic (platform §9), hence right-to-left. */
export const DEFAULT_FORMS_CONFIG: FormsConfig = { locale: 'ar', dir: 'rtl' };

const FormsConfigContext = createContext<FormsConfig>(DEFAULT_FORMS_CONFIG);

export function useFormsConfig(): FormsConfig {
  return useContext(FormsConfigContext);
}

export interface FormsProviderProps extends Partial<FormsConfig> {
  children: ReactNode;
  /** Mounts Mantine's ModalsProvider, needed by confirm() and openFormDialog(). Default true. */
  withModals?: boolean;
  /** Mounts the toasts container at the top (platform §2). Default true. */
  withNotifications?: boolean;
}

/** Wrap the app (inside MantineProvider and DirectionProvider) once. */
export function FormsProvider({
  children,
  withModals = true,
  withNotifications = true,
  ...config
}: FormsProviderProps) {
  const parent = useContext(FormsConfigContext);
  const value: FormsConfig = {
    locale: config.locale ?? parent.locale,
    dir: config.dir ?? parent.dir,
    ...(config.adapter || parent.adapter ? { adapter: config.adapter ?? parent.adapter } : {}),
    // A nested provider adds to (and overrides) the widgets of the one around it.
    ...(config.widgets || parent.widgets ? { widgets: { ...parent.widgets, ...config.widgets } } : {}),
  };
  // The config wraps the modals provider so dialogs' content reads it too.
  const content = (
    <>
      {withNotifications ? <Notifications position="top-center" /> : null}
      {children}
    </>
  );
  return (
    <FormsConfigContext value={value}>
      {withModals ? <ModalsProvider>{content}</ModalsProvider> : content}
    </FormsConfigContext>
  );
}

export type ReportWidgetError = (error: ValidationError | null) => void;

const noop: ReportWidgetError = () => {};
export const WidgetErrorContext = createContext<ReportWidgetError>(noop);

/**
 * For widgets: report (or clear with null) an error the field's validators cannot see. Outside a
 * form it does nothing, so a widget rendered on its own still works.
 */
export function useReportWidgetError(): ReportWidgetError {
  return useContext(WidgetErrorContext);
}
