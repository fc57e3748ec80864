// axe-core in a journey's page, for the back office's and the reader site's journeys: the WCAG 2.0
// to 2.2 A and AA rules and axe's best practices; a journey fails on a serious or critical violation.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

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
      /**
       * Whether more than a pixel of the box is drawn somewhere a reader can scroll the page to.
       * axe reads only such text, and rightly: a box wholly outside the page (a phone's closed side
       * menu, a skip link parked above the top until focused), scrolled out of a scrolling box (the
       * side menu's lower links, a wide table's far columns) or inside a visually hidden 1 px box
       * (a dialog title kept for screen readers) is not seen.
       */
      const isDrawn = (element: Element, box: DOMRect): boolean => {
        const root = document.documentElement;
        // The page's scrollable area in viewport coordinates; a right-to-left page grows leftwards.
        const start = -window.scrollX + (root.dir === 'rtl' ? root.clientWidth - root.scrollWidth : 0);
        let shown = {
          top: Math.max(box.top, -window.scrollY),
          bottom: Math.min(box.bottom, root.scrollHeight - window.scrollY),
          left: Math.max(box.left, start),
          right: Math.min(box.right, start + root.scrollWidth),
        };
        for (let parent = element.parentElement; parent && parent !== root && parent !== document.body; ) {
          const style = getComputedStyle(parent);
          if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
            const clip = parent.getBoundingClientRect();
            shown = {
              top: Math.max(shown.top, clip.top),
              bottom: Math.min(shown.bottom, clip.bottom),
              left: Math.max(shown.left, clip.left),
              right: Math.min(shown.right, clip.right),
            };
          }
          parent = parent.parentElement;
        }
        return shown.right - shown.left > 1 && shown.bottom - shown.top > 1;
      };
      /**
       * Text of an inactive control: a disabled or inert one, or the label of a disabled one (an
       * "add a row" button disabled while a list is empty, say). WCAG 1.4.3 asks nothing of it, and
       * axe's color-contrast skips it.
       */
      const isInactive = (element: Element): boolean => {
        if (element.closest(':disabled, fieldset:disabled *, [aria-disabled="true"], [inert]')) return true;
        const label = element.closest('label');
        return label?.control?.matches(':disabled') ?? false;
      };
      if (mustCheckContrast) {
        const examined = [...result.passes, ...result.violations, ...result.incomplete]
          .filter((r) => r.id === 'color-contrast')
          .flatMap((r) => r.nodes.map((n) => n.element))
          .filter((element): element is Element => element !== undefined);
        for (const element of document.querySelectorAll(mustCheckContrast)) {
          // The text drawn, not hidden text beside it (a name shown only on wider screens, say).
          const text =
            (element instanceof HTMLElement ? element.innerText : element.textContent)?.trim() ?? '';
          const box = element.getBoundingClientRect();
          // Visually hidden text (a 1 px clipped box) is for screen readers: its colour is unseen.
          const shown =
            text !== '' &&
            box.width > 1 &&
            box.height > 1 &&
            element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
            isDrawn(element, box) &&
            !isInactive(element);
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

/**
 * One line per problem of a report: the rule, the element, and for contrast the colours and the
 * ratio measured, e.g. "color-contrast (serious) .x: #868e96 on #ffffff: 3.32 (needs 4.5:1)", or
 * "color-contrast did not examine <label …>Email" for text it skipped.
 */
export function describeProblems(report: AxeReport): string[] {
  const lines = report.violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const data = node.data as
        | { fgColor?: string; bgColor?: string; contrastRatio?: number; expectedContrastRatio?: string }
        | undefined;
      const measured =
        data?.contrastRatio === undefined
          ? ''
          : `: ${data.fgColor} on ${data.bgColor}: ${data.contrastRatio} (needs ${data.expectedContrastRatio})`;
      return `${violation.id} (${violation.impact}) ${node.target.join(' ')}${measured}`;
    }),
  );
  return [
    ...new Set([
      ...lines,
      ...report.uncheckedContrast.map((element) => `color-contrast did not examine ${element}`),
    ]),
  ];
}
