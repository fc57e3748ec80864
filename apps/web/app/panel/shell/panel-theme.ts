import { createTheme, type MantineColorsTuple } from '@mantine/core';

/**
 * The newsroom blue of the public site (#0b5cad at shade 6). Shades 6–9 carry white text and shade 6
 * is readable on shade 0 (WCAG AA); shade 4 is the accent on the dark background.
 */
const brand: MantineColorsTuple = [
  '#e8f1fb',
  '#d0e2f6',
  '#a3c6ee',
  '#7fb1e8',
  '#74aeea',
  '#2f78c4',
  '#0b5cad',
  '#0a4f95',
  '#08427c',
  '#063565',
];

/**
 * The panel's Mantine theme: the site's Arabic face, and a primary shade dark enough for WCAG AA
 * text contrast on white and on the dark background.
 */
export const panelTheme = createTheme({
  fontFamily: "'IBM Plex Sans Arabic', system-ui, -apple-system, 'Segoe UI', sans-serif",
  headings: { fontFamily: "'IBM Plex Sans Arabic', system-ui, -apple-system, 'Segoe UI', sans-serif" },
  colors: { brand },
  primaryColor: 'brand',
  primaryShade: { light: 6, dark: 7 },
  respectReducedMotion: true,
  defaultRadius: 'sm',
  cursorType: 'pointer',
  focusRing: 'auto',
});
