// Issue 36 §1, "Is this true?": a reader's text finds the published fact-checks it restates (the
// title or the claim); a submission becomes a feed item with source "reader" and its matches, a
// repeat of an open one is counted; bad input is refused whole; screenshots are images stored
// without their metadata in a staff-only folder; each submitter who left an e-mail gets one answer
// mail when the linked fact-check is published, and the address goes with the unsubscribe link.
// On PGlite and on PostgreSQL (DATABASE_URL), with a real SMTP server.
import { sql } from '@tabayyun/db';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, call, type TestApp } from './build-test-app.ts';
import { buildFactcheck, create } from './factories.ts';
import { decodeQp, startTestSmtp, type TestSmtp } from './test-smtp.ts';

let t: TestApp;
let smtp: TestSmtp;
let checked: { _id: string };

const CLAIM_TEXT = 'إغلاق معبر باب الهوى الحدودي أمام المسافرين حتى إشعار آخر بقرار تركي';
const RESTATED = 'اغلاق معبر باب الهوى الحدودي امام المسافرين حتى اشعار اخر';

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await buildTestApp({ env: { SMTP_URL: smtp.url, TIP_RATE_MAX: '1000' } });
  checked = await create(
    t.app,
    'factcheck',
    buildFactcheck({
      status: 'published',
      slug: 'bab-al-hawa',
      title: 'لا، لم يُغلق المعبر: ما قصة الطوابير؟',
      claims: `<p>${CLAIM_TEXT}.</p>`,
    }),
  );
  await create(t.app, 'factcheck', buildFactcheck({ title: CLAIM_TEXT, claims: `<p>${CLAIM_TEXT}</p>` }));
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const anonymous = (method: 'GET' | 'POST', url: string, body?: unknown) =>
  call(t.app, method, url, body, 'anonymous');
const countRows = async (table: 'feed' | 'tip') =>
  Number(
    (await t.database.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]!
      .n,
  );

/** A multipart body by hand: fields and files (name, type, bytes). */
function multipart(
  fields: Record<string, string>,
  files: { field: string; name: string; type: string; data: Buffer }[],
) {
  const boundary = '----tabayyun-test-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('GET /api/tip/matches', () => {
  it('finds the published fact-check a text restates by its claim, never a draft', async () => {
    const res = await anonymous('GET', `/api/tip/matches?q=${encodeURIComponent(RESTATED)}`);
    expect(res.status).toBe(200);
    const data = res.body.data as Record<string, unknown>[];
    expect(data.map((m) => m._id)).toEqual([checked._id]);
    expect(Object.keys(data[0]!).sort()).toEqual(['_id', 'category', 'language', 'score', 'slug', 'title']);
    expect(data[0]).toMatchObject({ slug: 'bab-al-hawa', language: 'ar', category: 'fabricated' });
    expect(data[0]!.score as number).toBeGreaterThan(0.5);
  });

  it('answers nothing for a short or unrelated text', async () => {
    for (const q of ['', 'حلب', 'مباراة ودية بين فريقين من حمص وطرطوس']) {
      const res = await anonymous('GET', `/api/tip/matches?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      expect(res.body.data, q).toEqual([]);
    }
  });
});

describe('POST /api/tip', () => {
  let first: string;

  it('makes a feed item with source "reader" and its matches, readable by staff only', async () => {
    const res = await anonymous('POST', '/api/tip', {
      claim: RESTATED,
      link: 'https://facebook.com/some/post',
      language: 'ar',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(Object.keys(res.body)).toEqual(['_id']);
    const { rows } = await t.database.db.execute<{ feed_item: string }>(
      sql`select feed_item from tip where _id = ${res.body._id as string}`,
    );
    first = rows[0]!.feed_item;
    const item = (
      (await call(t.app, 'GET', `/api/feed/${first}`)).body.data as Record<string, unknown>[]
    )[0]!;
    expect(item).toMatchObject({
      source: 'reader',
      askedCount: 1,
      status: 'new',
      link: 'https://facebook.com/some/post',
    });
    expect((item.matches as { _id: string }[]).map((m) => m._id)).toContain(checked._id);
    expect((await anonymous('GET', `/api/feed/${first}`)).status).not.toBe(200);
  });

  it('counts a repeat of an open submission on the same item instead of adding one', async () => {
    const items = await countRows('feed');
    const res = await anonymous('POST', '/api/tip', { claim: `${RESTATED}.`, language: 'ar' });
    expect(res.status).toBe(201);
    expect(await countRows('feed')).toBe(items);
    const item = (
      (await call(t.app, 'GET', `/api/feed/${first}`)).body.data as Record<string, unknown>[]
    )[0]!;
    expect(item.askedCount).toBe(2);
    // The feed sorts by it, most asked first.
    await anonymous('POST', '/api/tip', {
      claim: 'فيديو يظهر سقوط طائرة مروحية قرب مطار دمشق الدولي',
      language: 'ar',
    });
    const sorted = await call(t.app, 'GET', '/api/feed?source=reader&sort_by=-askedCount&per_page=5');
    expect((sorted.body.data as { _id: string }[])[0]!._id).toBe(first);
  });

  it("tells partners' feed.created webhooks of a new item, not of a counted repeat", async () => {
    const hook = await call(t.app, 'POST', '/api/webhook', {
      url: 'http://127.0.0.1:9/hook',
      events: ['feed.created'],
      secret: 'a-partner-secret-of-enough-length',
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(200);
    const deliveries = async () =>
      Number(
        (
          await t.database.db.execute<{ n: number }>(
            sql`select count(*)::int as n from webhook_delivery where webhook = ${hook.body._id as string}`,
          )
        ).rows[0]!.n,
      );
    const claim = 'منشور عن توقف رحلات الطيران من مطار حلب الدولي';
    // The delivery is queued after the answer (never failing the write): wait for it.
    expect((await anonymous('POST', '/api/tip', { claim })).status).toBe(201);
    await vi.waitFor(async () => expect(await deliveries()).toBe(1), { timeout: 5000 });
    expect((await anonymous('POST', '/api/tip', { claim })).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await deliveries()).toBe(1);
  });

  it('refuses bad input whole, with the field named, and stores nothing', async () => {
    const [items, tips] = [await countRows('feed'), await countRows('tip')];
    const cases: [unknown, string][] = [
      [{}, 'claim'],
      [{ claim: 'قصير' }, 'claim'],
      [{ claim: RESTATED, link: 'javascript:alert(1)' }, 'link'],
      [{ claim: RESTATED, email: 'not-an-address', consent: true }, 'email'],
      [{ claim: RESTATED, email: 'reader@example.org' }, 'consent'],
      [{ claim: RESTATED, language: 'fr' }, 'language'],
      [{ claim: RESTATED, status: 'published' }, 'status'],
    ];
    for (const [body, field] of cases) {
      const res = await anonymous('POST', '/api/tip', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.body.details as object).join(), JSON.stringify(body)).toContain(field);
    }
    expect([await countRows('feed'), await countRows('tip')]).toEqual([items, tips]);
  });

  it('stores screenshots without their EXIF metadata, in a folder the public cannot read', async () => {
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366aa' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-home-address', Artist: 'reader' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const body = multipart({ claim: 'صورة لطوابير طويلة أمام معبر باب الهوى اليوم', language: 'ar' }, [
      { field: 'images', name: 'IMG_0001.jpg', type: 'image/jpeg', data: photo },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/tip', ...body });
    expect(res.statusCode, res.body).toBe(201);
    const { rows } = await t.database.db.execute<{ images: { path: string }[] }>(
      sql`select images from tip where _id = ${res.json()._id as string}`,
    );
    const path = rows[0]!.images[0]!.path;
    expect(path).toMatch(/reader-tips\//);
    const stored = await t.app.inject({
      method: 'GET',
      url: `/${path}`,
      headers: { 'x-test-actor': 'superAdmin' },
    });
    expect(stored.statusCode).toBe(200);
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(stored.rawPayload.includes(Buffer.from('secret-home-address'))).toBe(false);
    const publicRead = await t.app.inject({ method: 'GET', url: `/${path}` });
    expect(publicRead.statusCode).not.toBe(200);
  });

  it('refuses a file that is not an image and more than three images', async () => {
    const tips = await countRows('tip');
    const text = multipart({ claim: RESTATED }, [
      {
        field: 'images',
        name: 'a.jpg',
        type: 'image/jpeg',
        data: Buffer.from('#!/bin/sh\necho not an image\n'),
      },
    ]);
    const notImage = await t.app.inject({ method: 'POST', url: '/api/tip', ...text });
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const four = multipart(
      { claim: RESTATED },
      [1, 2, 3, 4].map((n) => ({ field: 'images', name: `${n}.png`, type: 'image/png', data: png })),
    );
    const tooMany = await t.app.inject({ method: 'POST', url: '/api/tip', ...four });
    expect(tooMany.statusCode).toBe(400);
    expect(await countRows('tip')).toBe(tips);
  });

  it('limits submissions per client', async () => {
    const limited = await buildTestApp({ env: { TIP_RATE_MAX: '2' } });
    try {
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/tip',
          payload: { claim: 'ادعاء جديد عن انقطاع الكهرباء في حمص', language: 'ar' },
        });
      expect((await send()).statusCode).toBe(201);
      expect((await send()).statusCode).toBe(201);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.json().code).toBe('RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });
});

describe('the answer mail', () => {
  it('goes once to each submitter who left an e-mail, when the linked fact-check is published', async () => {
    const claim = 'توزيع مساعدات نقدية على كل العائلات في إدلب عبر رابط تسجيل';
    const ask = (email: string) =>
      anonymous('POST', '/api/tip', {
        claim,
        email,
        consent: true,
        language: email.startsWith('en') ? 'en' : 'ar',
      });
    expect((await ask('ar-reader@example.org')).status).toBe(201);
    expect((await ask('en-reader@example.org')).status).toBe(201);
    expect((await anonymous('POST', '/api/tip', { claim, language: 'ar' })).status).toBe(201);
    const { rows } = await t.database.db.execute<{ feed_item: string }>(
      sql`select distinct feed_item from tip where claim = ${claim}`,
    );
    expect(rows).toHaveLength(1);
    const item = rows[0]!.feed_item;

    // Investigated into a draft: nothing is sent while it is not published.
    await call(t.app, 'PATCH', `/api/feed/${item}`, [{ op: 'replace', path: '/status', value: 'review' }]);
    const investigated = await call(t.app, 'POST', `/api/feed/${item}/investigate`);
    expect(investigated.status, JSON.stringify(investigated.body)).toBe(200);
    const factcheckId = (investigated.body.result as { _id: string })._id;
    expect(await t.app.tipAnswers.tick()).toMatchObject({ sent: 0 });

    const fields = buildFactcheck({ status: 'published', slug: 'idlib-cash-aid' });
    const published = await call(t.app, 'PATCH', `/api/factcheck/${factcheckId}`, [
      ...Object.entries(fields)
        .filter(([k]) => !['title', 'description', 'language'].includes(k))
        .map(([k, v]) => ({ op: 'add', path: `/${k}`, value: v })),
    ]);
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    smtp.inbox = [];
    expect(await t.app.tipAnswers.tick()).toMatchObject({ sent: 2, failed: 0 });
    expect(await t.app.tipAnswers.tick()).toMatchObject({ sent: 0 });
    expect(smtp.inbox.map((m) => m.to[0]).sort()).toEqual(['ar-reader@example.org', 'en-reader@example.org']);
    const arMail = decodeQp(smtp.inbox.find((m) => m.to[0] === 'ar-reader@example.org')!.raw);
    expect(arMail).toContain('/factcheck/idlib-cash-aid');
    // The rating it was given (the factories' "fabricated", مفبرك), named in the reader's language.
    expect(arMail).toContain('نتيجة التحقق: مفبرك');
    const enMail = decodeQp(smtp.inbox.find((m) => m.to[0] === 'en-reader@example.org')!.raw);
    expect(enMail).toContain('Our verdict: مفبرك');
    const unsubscribe = /https?:\/\/[^\s"<]+\/api\/tip\/unsubscribe\?token=[A-Za-z0-9_-]+/.exec(enMail)?.[0];
    expect(unsubscribe).toBeDefined();

    const gone = await t.app.inject({
      method: 'GET',
      url: new URL(unsubscribe!).pathname + new URL(unsubscribe!).search,
    });
    expect(gone.statusCode).toBe(200);
    const { rows: left } = await t.database.db.execute<{ email: string | null }>(
      sql`select email from tip where claim = ${claim} and email is not null`,
    );
    expect(left).toHaveLength(1);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/tip/unsubscribe?token=not-a-real-token-at-all' }))
        .statusCode,
    ).toBe(404);
  });

  it('forgets addresses after 90 days', async () => {
    await anonymous('POST', '/api/tip', {
      claim: 'ادعاء قديم عن ارتفاع سعر الخبز في دمشق',
      email: 'old-reader@example.org',
      consent: 'on',
    });
    await t.database.db.execute(
      sql`update tip set created_at = now() - interval '91 days' where email = 'old-reader@example.org'`,
    );
    expect(await t.app.tipAnswers.tick()).toMatchObject({ forgotten: 1 });
    const { rows } = await t.database.db.execute(
      sql`select 1 from tip where email = 'old-reader@example.org'`,
    );
    expect(rows).toHaveLength(0);
  });
});
