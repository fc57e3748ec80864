// The Metrics screen (issue 35 §5), in Arabic and in English: on a phone (360×800) it fits without
// sideways scrolling; its numbers are the API's; a number opens the list it counts, whose total is
// that number. axe finds nothing serious in either language or theme.
import { describe, expect, it } from 'vitest';
import { auditScreen, openScreen, PHONE, screenReady, screenshot, setUpPanelJourney } from './harness.ts';

const journey = setUpPanelJourney();
const WAIT = { timeout: 15_000 };

describe.each(['ar', 'en'] as const)('the metrics screen (%s)', (language) => {
  it('fits a phone, and its published count opens the list it counts', async () => {
    const editor = await journey.createUser(['editor'], { name: `Metrics ${language}` });
    const page = await journey.newPage({ language, user: editor, viewport: PHONE });
    await openScreen(page, journey.baseUrl, '/panel/metrics?range=last365');
    await page.getByTestId('metric-published').waitFor(WAIT);
    await screenReady(page);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, `desk-metrics-phone-${language === 'ar' ? 'rtl' : 'ltr'}`);

    const link = page.getByTestId('metric-published').locator('a').first();
    const shown = Number(await link.innerText());
    expect(shown).toBeGreaterThan(0);
    await link.click();
    await page.waitForURL(
      (url) => url.pathname === '/panel/factcheck/published' && url.searchParams.has('publishedAt'),
    );
    await screenReady(page);
    await expect
      .poll(() => page.getByTestId('table-total').getAttribute('data-total'), WAIT)
      .toBe(String(shown));
  });
});

describe('the metrics screen', () => {
  it('passes axe in Arabic and English, light and dark', async () => {
    await auditScreen(journey, '/panel/metrics?range=last365', 'desk-metrics');
  });
});
