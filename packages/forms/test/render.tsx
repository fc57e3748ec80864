// Renders UI the way the back office does: Mantine (test env: no transitions, no portals),
// the direction provider, and the form engine's providers.
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { type RenderOptions, type RenderResult, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { FormsProvider } from '../src/engine/forms-context.tsx';
import type { Locale } from '../src/i18n/texts.ts';
import type { DataAdapter } from '../src/types.ts';

export interface ProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  dir?: 'rtl' | 'ltr';
  locale?: Locale;
  adapter?: DataAdapter;
}

export function Providers({
  children,
  dir = 'ltr',
  locale = 'en',
  adapter,
}: { children: ReactNode } & Omit<ProvidersOptions, keyof RenderOptions>) {
  return (
    <DirectionProvider initialDirection={dir} detectDirection={false}>
      <MantineProvider env="test">
        <FormsProvider dir={dir} locale={locale} {...(adapter ? { adapter } : {})}>
          {children}
        </FormsProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}

export function renderWithProviders(ui: ReactElement, options: ProvidersOptions = {}): RenderResult {
  const { dir, locale, adapter, ...renderOptions } = options;
  return render(ui, {
    ...renderOptions,
    wrapper: ({ children }) => (
      <Providers {...(dir ? { dir } : {})} {...(locale ? { locale } : {})} {...(adapter ? { adapter } : {})}>
        {children}
      </Providers>
    ),
  });
}
