// axe-core in a journey's page, for the back office's and the reader site's journeys: the WCAG 2.0
// to 2.2 A and AA rules and axe's best practices; a journey fails on a serious or critical violation.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export interface AxeNode {
  target: string[];
  html: string;
  /** What the check measured, e.g. color-contrast's fgColor, bgColor, contrastRatio, fontSize. */
  data?: Record<string, unknown>;
}

export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  nodes: AxeNode[];
}

export interface AxeOptions {
  /**
   * The page draws no icon font (its icons are SVG), so axe is told every font on it is a text
   * font. Without this, axe's icon-ligature guess (dequelabs/axe-core#3867) takes Arabic words for
   * icons, since joined Arabic letters are narrower than the same letters drawn alone; after three
   * such words it takes the whole font for an icon font and skips the contrast of every text in it,
   * so an Arabic page passes color-contrast unread. This sets the guess's own per-font verdict in
   * axe's private cache (axe-core 4.14); pair it with `mustCheckContrast`, which fails the audit
   * if a later axe skips the text again.
   */
  noIconFonts?: boolean;
  /**
   * Visible elements (CSS selector) whose text color-contrast must have examined: those it skipped
   * come back in `uncheckedContrast`, so an audit that silently reads nothing fails.
   */
  mustCheckContrast?: string;
  /** Nodes kept per violation (default 5). */
  maxNodes?: number;
}

export interface AxeReport {
  /** The serious and critical violations (empty when accessible). */
  violations: AxeViolation[];
  /** Elements matched by `mustCheckContrast` that color-contrast did not examine. */
  uncheckedContrast: string[];
}

/** axe-core on the page as it is. */
export async function auditPage(page: Page, options: AxeOptions = {}): Promise<AxeReport> {
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) await page.addScriptTag({ content: AXE_SOURCE });
  const report = await page.evaluate(
    async ({ tags, noIconFonts, mustCheckContrast, maxNodes }) => {
      interface RawNode {
        target: string[];
        html: string;
        element?: Element;
        any: { data?: unknown }[];
        all: { data?: unknown }[];
        none: { data?: unknown }[];
      }
      interface RawResult {
        id: string;
        impact: string;
        help: string;
        nodes: RawNode[];
      }
      type Results = Record<'violations' | 'passes' | 'incomplete', RawResult[]>;
      const axe = (
        window as unknown as {
          axe: {
            run(ctx: Document, opts: unknown): Promise<Results>;
            _cache: { set(key: string, value: unknown): void };
          };
        }
      ).axe;
      if (noIconFonts) {
        // The ligature guess keeps its verdict per font family in this cache entry: three texts
        // read and none an icon means a text font. It is cleared after every run.
        const fonts: Record<string, { occurrences: number; numLigatures: number }> = {};
        for (const element of document.querySelectorAll('*')) {
          fonts[getComputedStyle(element).fontFamily] = { occurrences: 3, numLigatures: 0 };
        }
        axe._cache.set('fonts', fonts);
      }
      const result = await axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        // Passes are needed (all of them, with their elements) only to see what was examined.
        ...(mustCheckContrast ? { elementRef: true } : { resultTypes: ['violations'] }),
      });
      const violations = result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.slice(0, maxNodes).map((n) => {
          const data = [...n.any, ...n.all, ...n.none].find(
            (c) => c.data && typeof c.data === 'object',
          )?.data;
          return {
            target: n.target,
            html: n.html.slice(0, 200),
            ...(data ? { data: data as Record<string, unknown> } : {}),
          };
        }),
      }));
      const uncheckedContrast: string[] = [];
      if (mustCheckContrast) {
        const examined = [...result.passes, ...result.violations, ...result.incomplete]
          .filter((r) => r.id === 'color-contrast')
          .flatMap((r) => r.nodes.map((n) => n.element))
          .filter((element): element is Element => element !== undefined);
        for (const element of document.querySelectorAll(mustCheckContrast)) {
          const text = element.textContent?.trim() ?? '';
          const box = element.getBoundingClientRect();
          // Visually hidden text (a 1 px clipped box) is for screen readers: its colour is unseen.
          const shown =
            text !== '' &&
            box.width > 1 &&
            box.height > 1 &&
            element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
          // The text's own element is what axe examines: the link inside a heading, say.
          if (shown && !examined.some((node) => element === node || element.contains(node))) {
            uncheckedContrast.push(`<${element.localName} class="${element.className}">${text.slice(0, 40)}`);
          }
        }
      }
      return { violations, uncheckedContrast };
    },
    {
      tags: AXE_TAGS,
      noIconFonts: options.noIconFonts ?? false,
      mustCheckContrast: options.mustCheckContrast ?? '',
      maxNodes: options.maxNodes ?? 5,
    },
  );
  return {
    violations: report.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
    uncheckedContrast: report.uncheckedContrast,
  };
}

/** axe-core on the page as it is: the serious and critical violations (empty when accessible). */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  return (await auditPage(page)).violations;
}

export async function expectAccessible(page: Page, label: string): Promise<void> {
  const violations = await seriousViolations(page);
  expect(violations, `${label}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
}
