// Settings → Webhooks in the browser (issue 36 §3): an administrator adds a webhook pointing at a
// real local receiver (the secret is prefilled, shown once), publishes a fact-check, sees the
// delivery in the log as delivered with the receiver's answer code, redelivers it, edits and
// deletes the webhook. In Arabic and in English; the screen passes axe (no serious or critical
// violation) in both languages, light and dark, and is usable at 360×800. Screenshots go to
// test-results/screenshots.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditScreen,
  expectToast,
  openScreen,
  PHONE,
  screenSettled,
  screenshot,
  setUpPanelJourney,
} from './harness.ts';

const journey = setUpPanelJourney({
  env: {
    FETCH_ALLOW_HOSTS: '127.0.0.1',
    WEBHOOK_DELIVERY: 'true',
    WEBHOOK_TICK_MS: '100',
    WEBHOOK_RETRY_BASE_MS: '500',
  },
});
const WAIT = { timeout: 15_000 };
const SOURCE = 'https://example.org/posts/webhook-journey';

let receiver: Server;
let receiverUrl = '';
const received: { event: string; signature: string }[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push({
        event: String(req.headers['x-tabayyun-event']),
        signature: String(req.headers['x-tabayyun-signature']),
      });
      res.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});

async function publish(title: string, language: 'ar' | 'en') {
  const made = await journey.api(journey.admin, 'POST', '/api/factcheck', {
    title,
    description: `${title} (description)`,
    language,
    category: 'fraud',
    claimSummary: language === 'ar' ? 'مقطع يظهر انهيار جسر' : 'Video shows a bridge collapsing',
    claims: '<p>A video said to show a bridge collapsing this week.</p>',
    conclusion: '<p>The video was filmed in 2018.</p>',
    sources: `<p><a href="${SOURCE}">${SOURCE}</a></p>`,
    evidenceAcknowledged: [SOURCE],
    status: 'published',
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
}

const TEXT = {
  ar: {
    add: 'إضافة خطاف',
    url: 'العنوان (URL)',
    save: 'حفظ',
    delivered: 'سُلّم',
    redeliver: 'إعادة الإرسال',
    redelivered: 'أُعيد الإرسال تسليمًا جديدًا',
    edit: 'تعديل',
    description: 'الوصف',
    delete: 'حذف',
    deleted: 'حُذف الخطاف',
    refresh: 'تحديث',
    confirm: /نعم|حذف|تأكيد/,
  },
  en: {
    add: 'Add a webhook',
    url: 'Address (URL)',
    save: 'Save',
    delivered: 'Delivered',
    redeliver: 'Redeliver',
    redelivered: 'Sent again as a new delivery',
    edit: 'Edit',
    description: 'Description',
    delete: 'Delete',
    deleted: 'Webhook deleted',
    refresh: 'Refresh',
    confirm: /Yes|Delete|Confirm/,
  },
} as const;

describe('Settings → Webhooks', () => {
  for (const language of ['ar', 'en'] as const) {
    it(`adds a webhook, shows its delivery, redelivers it, edits and deletes it (${language})`, async () => {
      const t = TEXT[language];
      const page = await journey.newPage({ language, user: journey.admin });
      await openScreen(page, journey.baseUrl, '/panel/settings/webhooks');
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');

      await page.getByTestId('webhook-add').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(t.url).fill(`${receiverUrl}/${language}`);
      // The secret is prefilled with 64 random hex characters, to copy now.
      const secret = await dialog.getByLabel(language === 'ar' ? 'المفتاح السري' : 'Secret').inputValue();
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      await dialog.getByRole('button', { name: t.save }).click();
      await dialog.waitFor({ state: 'detached', ...WAIT });
      const row = page.getByTestId('webhook-row').filter({ hasText: `${receiverUrl}/${language}` });
      await row.waitFor(WAIT);
      // Never shown again, nor in any answer the page received.
      expect(await page.content()).not.toContain(secret);

      const before = received.length;
      await publish(`Webhook journey ${language} ${Date.now()}`, language);
      await row
        .getByRole('button', { name: new RegExp(language === 'ar' ? 'التسليمات' : 'Deliveries') })
        .click();
      const delivered = page.getByTestId('webhook-delivery').filter({ hasText: t.delivered }).first();
      await expectEventually(async () => {
        await page.getByTestId('webhook-log-refresh').click();
        return (await delivered.count()) > 0;
      });
      await expect.poll(() => received.length).toBeGreaterThan(before);
      expect(received.at(-1)!.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(await delivered.getByTestId('webhook-answer').innerText()).toBe('202');
      await screenSettled(page);
      await screenshot(page, `panel-webhooks-log-${language === 'ar' ? 'rtl' : 'ltr'}`);

      const rowsBefore = await page.getByTestId('webhook-delivery').count();
      await delivered.getByRole('button', { name: new RegExp(t.redeliver) }).click();
      await expectToast(page, t.redelivered);
      await expectEventually(async () => {
        await page.getByTestId('webhook-log-refresh').click();
        return (await page.getByTestId('webhook-delivery').count()) > rowsBefore;
      });

      await row.getByRole('button', { name: new RegExp(t.edit) }).click();
      const editDialog = page.getByRole('dialog');
      await editDialog.getByLabel(t.description).fill(language === 'ar' ? 'شريك تجريبي' : 'Test partner');
      await editDialog.getByRole('button', { name: t.save }).click();
      await editDialog.waitFor({ state: 'detached', ...WAIT });
      await row.getByText(language === 'ar' ? 'شريك تجريبي' : 'Test partner').waitFor(WAIT);

      // Phone: the list and the log fit the width (the log scrolls inside its own box).
      await page.setViewportSize(PHONE);
      await screenSettled(page);
      // The shell's side menu slides away over 200 ms (its padding is transitioned): poll.
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
        .toBeLessThanOrEqual(PHONE.width);
      await screenshot(page, `panel-webhooks-phone-${language === 'ar' ? 'rtl' : 'ltr'}`);

      await row.getByRole('button', { name: new RegExp(t.delete) }).click();
      await page.getByRole('dialog').getByRole('button', { name: t.confirm }).last().click();
      await expectToast(page, t.deleted);
      await row.waitFor({ state: 'detached', ...WAIT });
    }, 120_000);
  }

  it('passes axe in Arabic and English, light and dark, with a webhook and its log', async () => {
    const made = await journey.api(journey.admin, 'POST', '/api/webhook', {
      url: `${receiverUrl}/audit`,
      events: ['published', 'withdrawn'],
      secret: 'audit-secret-0123456789abcdef',
      description: 'Audit',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    await publish(`Webhook audit ${Date.now()}`, 'en');
    await auditScreen(journey, '/panel/settings/webhooks', 'panel-webhooks', {
      prepare: async (page) => {
        await page.getByTestId('webhook-delivery').first().waitFor(WAIT);
      },
    });
  }, 180_000);

  it('is not offered to an editor, and the API refuses them', async () => {
    const editor = await journey.createUser(['editor']);
    const answer = await journey.api(editor, 'GET', '/api/webhook');
    expect(answer.status).toBe(403);
    const page = await journey.newPage({ language: 'en', user: editor });
    await openScreen(page, journey.baseUrl, '/panel/dashboard');
    expect(await page.locator('a[href="/panel/settings/webhooks"]').count()).toBe(0);
  }, 60_000);
});

async function expectEventually(probe: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe()) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('Timed out');
}
