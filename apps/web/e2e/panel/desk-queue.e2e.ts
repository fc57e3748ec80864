// The desk, assignment (issue 35 §1, §3), in Arabic and in English: an editor assigns a draft to a
// colleague from the list row; the colleague finds it in "My queue" (with its reason, status and
// language) and the bell in the top bar counts it; opening the notification marks it read and leads
// to the item. The queue and the notifications screens pass axe in both languages and themes, and
// are looked at on a phone (360×800) and on a desktop (screenshots, E2E_SCREENSHOTS_DIR).
import { describe, expect, it } from 'vitest';
import {
  auditScreen,
  DESKTOP,
  expectToast,
  openScreen,
  type PanelLanguage,
  PHONE,
  screenSettled,
  screenshot,
  setUpPanelJourney,
} from './harness.ts';

const journey = setUpPanelJourney();
const WAIT = { timeout: 20_000 };

const WORDS = {
  en: {
    assign: 'Assign',
    assigned: 'Assignment saved',
    reason: 'Assigned',
    draft: 'Draft',
    notification: 'You were assigned',
  },
  ar: {
    assign: 'إسناد',
    assigned: 'حُفظ الإسناد',
    reason: 'مُسند إليك',
    draft: 'مسودة',
    notification: 'أُسند إليك',
  },
} as const;

describe.each(['ar', 'en'] as PanelLanguage[])('assignment and My queue (%s)', (language) => {
  const w = WORDS[language];

  it('an editor assigns a draft to a colleague, who sees it in My queue and gets the bell notification', async () => {
    const editor = await journey.createUser(['editor'], { name: `Hala Editor ${language}` });
    const colleague = await journey.createUser(['fact-checker'], { name: `Omar Checker ${language}` });
    const title =
      language === 'ar'
        ? `ادعاء عن انقطاع الكهرباء في حمص ${Date.now()}`
        : `A claim about power cuts ${Date.now()}`;
    const created = await journey.api(editor, 'POST', '/api/factcheck', {
      title,
      description: 'desk journey',
      language,
      status: 'draft',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body._id as string;

    // The editor assigns it from its row in the drafts list.
    const page = await journey.newPage({ language, user: editor, viewport: DESKTOP });
    await openScreen(page, journey.baseUrl, `/panel/factcheck/draft?q=${encodeURIComponent(title)}`);
    const assign = page.getByRole('button', { name: `${w.assign}: ${title}` });
    await assign.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('assign-user').click();
    await page.getByRole('option', { name: colleague.name }).click();
    await dialog.getByTestId('assign-due').fill('2031-03-04T10:30');
    await dialog.getByTestId('assign-save').click();
    await expectToast(page, w.assigned);
    await expect.poll(() => assign.getAttribute('data-assignee'), WAIT).toBe(colleague.sub);
    await expect.poll(async () => (await assign.innerText()).includes(colleague.name), WAIT).toBe(true);
    const stored = await journey.api(editor, 'GET', `/api/factcheck/${id}?select=assignee,dueAt`);
    expect(stored.body.data[0].assignee).toBe(colleague.sub);
    expect(new Date(stored.body.data[0].dueAt).getFullYear()).toBe(2031);

    // The colleague: My queue is the first item of the side menu and lists the item.
    const theirs = await journey.newPage({ language, user: colleague, viewport: DESKTOP });
    await openScreen(theirs, journey.baseUrl, '/panel/queue');
    const firstLink = theirs.getByTestId('side-menu').locator('a').first();
    expect(await firstLink.getAttribute('href')).toBe('/panel/queue');
    const card = theirs.locator(`[data-queue-item="${id}"]`);
    await card.waitFor(WAIT);
    expect(await card.getAttribute('data-reason')).toBe('assigned');
    const text = await card.innerText();
    expect(text).toContain(title);
    expect(text).toContain(w.reason);
    expect(text).toContain(w.draft);

    // The bell counts it (polled), and its notification leads to the item, read.
    const bell = theirs.getByTestId('notification-bell');
    await expect
      .poll(async () => Number(await theirs.getByTestId('bell-count').getAttribute('data-count')), WAIT)
      .toBeGreaterThanOrEqual(1);
    await screenshot(theirs, `desk-queue-${language === 'ar' ? 'rtl' : 'ltr'}-desktop`);
    await bell.click();
    const entry = theirs
      .getByTestId('bell-dropdown')
      .locator('[data-notification="assigned"]')
      .filter({ hasText: title });
    await entry.waitFor(WAIT);
    expect(await entry.innerText()).toContain(w.notification);
    await screenshot(theirs, `desk-bell-${language === 'ar' ? 'rtl' : 'ltr'}`);
    await entry.click();
    await theirs.waitForURL(`**/panel/factcheck/edit/${id}`, WAIT);
    const after = await journey.api(colleague, 'GET', '/api/notification');
    expect(after.body.data.find((n: { item: string }) => n.item === id).read).toBe(true);

    // On a phone: no sideways scroll.
    const phone = await journey.newPage({ language, user: colleague, viewport: PHONE });
    await openScreen(phone, journey.baseUrl, '/panel/queue');
    await phone.locator(`[data-queue-item="${id}"]`).waitFor(WAIT);
    await screenSettled(phone);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(phone, `desk-queue-${language === 'ar' ? 'rtl' : 'ltr'}-phone`);
  });
});

describe('the dashboard and the landing screen', () => {
  it('the needs-attention card links its overdue figure to the filtered list, whose rows are those items', async () => {
    const editor = await journey.createUser(['editor'], { name: 'Dana Editor' });
    const title = `Overdue claim ${Date.now()}`;
    const created = await journey.api(editor, 'POST', '/api/factcheck', {
      title,
      description: 'overdue',
      language: 'en',
      status: 'draft',
      assignee: editor.sub,
      dueAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const figures = await journey.api(editor, 'GET', '/api/queue/attention');
    const overdue = (figures.body.data as { key: string; resource: string; count: number }[]).find(
      (f) => f.key === 'overdue' && f.resource === 'factcheck',
    )!;
    expect(overdue.count).toBeGreaterThanOrEqual(1);
    const page = await journey.newPage({ language: 'en', user: editor, viewport: PHONE });
    await openScreen(page, journey.baseUrl, '/panel/dashboard');
    const link = page.locator('[data-attention="overdue:factcheck"]');
    await link.waitFor(WAIT);
    expect(await link.innerText()).toBe('Overdue (Fact-check)');
    expect(Number(await link.getAttribute('data-count'))).toBe(overdue.count);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'desk-attention-ltr-phone');
    await link.click();
    await page.waitForURL(/\/panel\/factcheck\/draft\?dueAt=/, WAIT);
    await screenSettled(page);
    // The list of that query shows the overdue item.
    await page.getByText(title).first().waitFor(WAIT);
  });

  it('a user without the dashboard right lands on My queue', async () => {
    const user = await journey.createUser(['desk-guest'], { name: 'Guest Reader' });
    const page = await journey.newPage({ language: 'ar', user });
    await page.goto(`${journey.baseUrl}/panel/dashboard`);
    await page.waitForURL('**/panel/queue', WAIT);
    await page.waitForSelector('main h1', WAIT);
    expect(await page.locator('main h1').innerText()).toBe('مهامي');
  });
});

describe('the desk screens are accessible', () => {
  it('My queue and Notifications: axe finds nothing serious in Arabic and English, light and dark', async () => {
    const user = await journey.createUser(['editor'], { name: 'Axe Editor' });
    await journey.api(journey.admin, 'POST', '/api/factcheck', {
      title: 'عنصر في القائمة',
      description: 'axe',
      status: 'draft',
      assignee: user.sub,
      dueAt: new Date(Date.now() - 3_600_000).toISOString(),
    });
    await auditScreen(journey, '/panel/queue', 'desk-queue', { user });
    await auditScreen(journey, '/panel/notifications', 'desk-notifications', { user });
    await auditScreen(journey, '/panel/queue', 'desk-bell-open', {
      user,
      prepare: async (page) => {
        await page.getByTestId('notification-bell').click();
        await page.getByTestId('bell-dropdown').waitFor();
      },
    });
  });
});
