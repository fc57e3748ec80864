// Mantine's colour scheme kept under the platform's `theme` key with the platform's values
// (system, light, dark), so the public site and the panel share one choice.
import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import { parseTheme, THEME_STORAGE_KEY } from '../../lib/theme.ts';

const toMantine = (stored: string | null): MantineColorScheme => {
  const theme = parseTheme(stored);
  return theme === 'system' ? 'auto' : theme;
};

export function themeColorSchemeManager(): MantineColorSchemeManager {
  let handler: ((event: StorageEvent) => void) | undefined;
  return {
    get: (defaultValue) => {
      try {
        const stored = localStorage.getItem(THEME_STORAGE_KEY);
        return stored === null ? defaultValue : toMantine(stored);
      } catch {
        return defaultValue;
      }
    },
    set: (value) => {
      try {
        localStorage.setItem(THEME_STORAGE_KEY, value === 'auto' ? 'system' : value);
      } catch {
        // storage unavailable: the choice lasts for this page
      }
    },
    subscribe: (onUpdate) => {
      handler = (event) => {
        if (event.storageArea === localStorage && event.key === THEME_STORAGE_KEY)
          onUpdate(toMantine(event.newValue));
      };
      window.addEventListener('storage', handler);
    },
    unsubscribe: () => {
      if (handler) window.removeEventListener('storage', handler);
    },
    clear: () => {
      try {
        localStorage.removeItem(THEME_STORAGE_KEY);
      } catch {
        // nothing to clear
      }
    },
  };
}
