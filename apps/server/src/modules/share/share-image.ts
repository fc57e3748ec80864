// A fact-check's share image (issue 36 §2): the verdict in its colour, the claim, the product's mark,
// in the item's language, drawn on the server. Text goes through sharp's Pango renderer, which shapes
// Arabic and lays out right-to-left paragraphs; the shapes are SVG. Two formats: 1200×630 for link
// previews (og:image) and 1080×1080 for messaging apps.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OverlayOptions } from 'sharp';
import { loadSharp } from '../files/load-sharp.ts';
import { SHARE_FONT_FAMILY, shareFonts } from './share-fonts.ts';

export type ShareFormat = 'wide' | 'square';
export type ShareLanguage = 'ar' | 'en' | 'tr';

export const SHARE_SIZES: Record<ShareFormat, { width: number; height: number }> = {
  wide: { width: 1200, height: 630 },
  square: { width: 1080, height: 1080 },
};

export interface ShareImageInput {
  format: ShareFormat;
  language: ShareLanguage;
  /** The verdict's name in the item's language and its colour (#rgb or #rrggbb; else the brand's). */
  verdict: { name: string; color: string | null };
  /** The claim as the page summarises it (ClaimReview's claimReviewed). */
  claim: string;
  siteName: string;
  /** The site's host, printed in the footer (e.g. tabayyun.example). */
  host: string;
}

const BRAND = '#ff3657';
const INK = '#16161d';
const MUTED = '#5b5b6b';
const PAPER = '#ffffff';
const CLAIM_MAX = 160;

const LABEL: Record<ShareLanguage, string> = { ar: 'تحقّق من ادعاء', en: 'Fact-check', tr: 'Doğrulama' };

/** The colour as #rrggbb, or the brand's when the category's colour is not a hex colour. */
export function verdictColor(color: string | null): string {
  const value = color?.trim() ?? '';
  if (/^#[0-9a-f]{6}$/i.test(value)) return value.toLowerCase();
  if (/^#[0-9a-f]{3}$/i.test(value))
    return `#${[...value.slice(1)].map((c) => c + c).join('')}`.toLowerCase();
  return BRAND;
}

/** Black or white, whichever reads better on the colour (WCAG relative luminance). */
function inkOn(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#ffffff' : INK;
}

/** Pango markup is XML: the item's own text must not be read as markup. */
export function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function shorten(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trim()}…`;
}

interface Text {
  data: Buffer;
  width: number;
  height: number;
}

async function text(
  markup: string,
  options: { size: number; bold?: boolean; width: number; height?: number; color: string },
): Promise<Text> {
  const fonts = await shareFonts();
  const sharp = await loadSharp();
  const font = `${SHARE_FONT_FAMILY} ${options.bold ? 'Bold ' : ''}${options.size}`;
  const render = (fit: boolean) =>
    sharp({
      text: {
        text: `<span foreground="${options.color}">${markup}</span>`,
        font,
        fontfile: options.bold ? fonts.bold : fonts.regular,
        width: options.width,
        ...(fit && options.height ? { height: options.height } : {}),
        // Pango's "left" is the paragraph's start: right for Arabic, left for English.
        align: 'left',
        wrap: 'word',
        rgba: true,
        spacing: Math.round(options.size * 0.3),
      },
    })
      .png()
      .toBuffer({ resolveWithObject: true });
  let out = await render(false);
  // Too long for its box at this size: let Pango pick the size that fits.
  if (options.height && out.info.height > options.height) out = await render(true);
  return { data: out.data, width: out.info.width, height: out.info.height };
}

let logo: Buffer | null | undefined;
function logoSvg(): Buffer | null {
  if (logo === undefined) {
    try {
      logo = readFileSync(join(import.meta.dirname, '../../../../web/public/logo.svg'));
    } catch {
      logo = null;
    }
  }
  return logo;
}

/** The PNG of a share image. */
export async function renderShareImage(input: ShareImageInput): Promise<Buffer> {
  // sharp is loaded with the first image, not at start (ADR 025).
  const sharp = await loadSharp();
  const { width, height } = SHARE_SIZES[input.format];
  const square = input.format === 'square';
  const rtl = input.language === 'ar';
  const color = verdictColor(input.verdict.color);
  const pad = square ? 72 : 64;
  const stripe = 20;
  const inner = width - 2 * pad - stripe;
  // Each block is placed at the paragraph's start: the right edge for Arabic, the left for the rest.
  const startX = (blockWidth: number) => (rtl ? width - pad - stripe - blockWidth : pad + stripe);

  const brandSize = square ? 40 : 34;
  const logoSize = square ? 72 : 60;
  const brand = await text(`<b>${escapeMarkup(input.siteName)}</b>`, {
    size: brandSize,
    width: inner - logoSize - 20,
    color: INK,
  });
  const verdict = await text(escapeMarkup(shorten(input.verdict.name, 40)), {
    size: square ? 64 : 56,
    bold: true,
    width: inner - 64,
    color: inkOn(color),
  });
  const claimTop = square ? 360 : 260;
  const footerSize = square ? 30 : 26;
  const claimBox = height - claimTop - pad - footerSize * 2 - 24;
  const claim = await text(escapeMarkup(shorten(input.claim, CLAIM_MAX)), {
    size: square ? 58 : 42,
    bold: true,
    width: inner,
    height: claimBox,
    color: INK,
  });
  const footer = await text(
    `${escapeMarkup(LABEL[input.language])}  ·  <span foreground="${MUTED}">${escapeMarkup(input.host)}</span>`,
    { size: footerSize, width: inner, color: INK },
  );

  const pillPadX = 32;
  const pillPadY = 14;
  const pillWidth = Math.min(verdict.width + 2 * pillPadX, inner);
  const pillHeight = verdict.height + 2 * pillPadY;
  const pillTop = square ? 200 : 130;
  const pillLeft = startX(pillWidth);
  const shapes = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect x="${rtl ? width - stripe : 0}" y="0" width="${stripe}" height="${height}" fill="${color}"/>` +
      `<rect x="${pillLeft}" y="${pillTop}" width="${pillWidth}" height="${pillHeight}" rx="18" fill="${color}"/>` +
      `<rect x="${pad + stripe}" y="${height - pad - footerSize * 2}" width="${inner}" height="2" fill="#e4e4ea"/>` +
      `</svg>`,
  );

  const top = pad - 8;
  const layers: OverlayOptions[] = [{ input: shapes, left: 0, top: 0 }];
  const mark = logoSvg();
  const brandBlock = brand.width + (mark ? logoSize + 20 : 0);
  const brandLeft = startX(brandBlock);
  if (mark) {
    const logoPng = await sharp(mark, { density: 300 }).resize(logoSize, logoSize).png().toBuffer();
    layers.push({ input: logoPng, top, left: rtl ? brandLeft + brand.width + 20 : brandLeft });
  }
  layers.push({
    input: brand.data,
    top: top + Math.round((logoSize - brand.height) / 2),
    left: rtl || !mark ? brandLeft : brandLeft + logoSize + 20,
  });
  layers.push({
    input: verdict.data,
    top: pillTop + pillPadY,
    left: pillLeft + Math.round((pillWidth - verdict.width) / 2),
  });
  layers.push({ input: claim.data, top: claimTop, left: startX(claim.width) });
  layers.push({ input: footer.data, top: height - pad - footerSize - 4, left: startX(footer.width) });

  return sharp({ create: { width, height, channels: 4, background: PAPER } })
    .composite(layers)
    .flatten({ background: PAPER })
    .png({ compressionLevel: 9, palette: true, quality: 90 })
    .toBuffer();
}
