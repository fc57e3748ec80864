import type { CSSProperties } from 'react';

const LIGHT_TEXT = '#ffffff';
const DARK_TEXT = '#16181d';
/** --accent-default in site.css: the chip colour when a category has none. */
const DEFAULT_CHIP = '#ff3657';

/** Relative luminance (WCAG 2) of a #rgb or #rrggbb colour, or undefined for anything else. */
function luminanceOf(color: string): number | undefined {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())?.[1];
  if (hex === undefined) return undefined;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const channel = Number.parseInt(full.slice(i, i + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/** The text colour (white or near black) that reads best on a chip of this background colour. */
export function chipTextColor(background: string): string | undefined {
  const luminance = luminanceOf(background);
  if (luminance === undefined) return undefined;
  const light = luminanceOf(LIGHT_TEXT)!;
  const dark = luminanceOf(DARK_TEXT)!;
  return contrast(luminance, light) >= contrast(luminance, dark) ? LIGHT_TEXT : DARK_TEXT;
}

/** Style of a rating chip: its colour (category colour) and a text colour that contrasts with it. */
export function chipStyle(color: string | null | undefined): CSSProperties {
  const text = chipTextColor(color || DEFAULT_CHIP);
  return { ...(color ? { '--chip': color } : {}), ...(text ? { '--chip-text': text } : {}) } as CSSProperties;
}

/**
 * Style of a block in a rating's colour (a home section, a category page): `--accent` for its
 * marks, and `--accent-text` for text set on that colour, such as the active link of its link bar.
 */
export function accentStyle(color: string): CSSProperties {
  const text = chipTextColor(color);
  return { '--accent': color, ...(text ? { '--accent-text': text } : {}) } as CSSProperties;
}
