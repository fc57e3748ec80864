import { THEMES, type Theme } from '../../lib/theme.ts';
import { THEME_SWITCH_ATTRIBUTE } from '../enhance/markers.ts';
import { useMessages } from '../i18n/use-language.ts';

/**
 * System, Light or Dark; the choice lives in local storage `theme` (the head script applies it).
 * The site script (site/enhance) shows the stored choice and stores a new one; without it the
 * switch is hidden (site.css), since it could do nothing.
 */
export function ThemeSwitch() {
  const t = useMessages();
  const labels: Record<Theme, string> = { system: t.themeSystem, light: t.themeLight, dark: t.themeDark };
  return (
    <label className="theme-switch">
      <span className="visually-hidden">{t.theme}</span>
      <select defaultValue="system" {...{ [THEME_SWITCH_ATTRIBUTE]: '' }}>
        {THEMES.map((value) => (
          <option key={value} value={value}>
            {labels[value]}
          </option>
        ))}
      </select>
    </label>
  );
}
