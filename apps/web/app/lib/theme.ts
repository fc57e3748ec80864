// Theme (platform §1): System, Light or Dark, from local storage `theme`, default System. A tiny
// inline script in the document head applies it before the first paint, so there is no flash.
export const THEME_STORAGE_KEY = 'theme';
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export function parseTheme(value: string | null | undefined): Theme {
  const lower = value?.toLowerCase();
  return lower === 'light' || lower === 'dark' ? lower : 'system';
}

/** Sets `data-theme` on <html> for an explicit choice; System leaves it to `prefers-color-scheme`. */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  if (theme === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', theme);
}

export function storeTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage unavailable: the choice lasts for this page.
  }
  applyTheme(theme);
}

export function readStoredTheme(): Theme {
  try {
    return parseTheme(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return 'system';
  }
}

/** Runs before anything renders; keep it tiny and free of imports. */
export const THEME_BOOT_SCRIPT = `try{var t=(localStorage.getItem('${THEME_STORAGE_KEY}')||'').toLowerCase();if(t==='light'||t==='dark')document.documentElement.setAttribute('data-theme',t)}catch(e){}`;
