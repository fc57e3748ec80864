import { useEffect, useState } from 'react';
import { readStoredTheme, storeTheme, THEMES, type Theme } from '../../lib/theme.ts';
import { useMessages } from '../i18n/use-language.ts';

/** System, Light or Dark; the choice lives in local storage `theme` (the head script applies it). */
export function ThemeSwitch() {
  const t = useMessages();
  const [theme, setTheme] = useState<Theme>('system');
  useEffect(() => setTheme(readStoredTheme()), []);
  const labels: Record<Theme, string> = { system: t.themeSystem, light: t.themeLight, dark: t.themeDark };
  return (
    <label className="theme-switch">
      <span className="visually-hidden">{t.theme}</span>
      <select
        value={theme}
        onChange={(event) => {
          const next = event.target.value as Theme;
          setTheme(next);
          storeTheme(next);
        }}
      >
        {THEMES.map((value) => (
          <option key={value} value={value}>
            {labels[value]}
          </option>
        ))}
      </select>
    </label>
  );
}
