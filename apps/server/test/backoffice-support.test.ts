// What the back office needs beyond the generic API: signed preview links for drafts, the
// signed-in user's devices, and the handled mark of contact messages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, request, signIn, type TestApp } from './build-test-app.ts';
import { buildArticle, buildFactcheck, create } from './factories.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('preview links', () => {
  it('gives a 6-hour signed link to the public page of a draft in its language, which the site accepts', async () => {
    const draft = await create(
      t.app,
      'factcheck',
      buildFactcheck({ status: 'draft', language: 'en', slug: 'draft-one' }),
    );
    const before = Date.now();
    const res = await call(t.app, 'GET', `/api/factcheck/${draft._id}/preview-link`);
    expect(res.status).toBe(200);
    const { url, expiresAt } = res.body.data as { url: string; expiresAt: string };
    expect(url).toMatch(/^\/en\/factcheck\/draft-one\?draft=[A-Za-z0-9_-]+$/);
    const ttl = Date.parse(expiresAt) - before;
    expect(ttl).toBeGreaterThan(6 * 3_600_000 - 5_000);
    expect(ttl).toBeLessThanOrEqual(6 * 3_600_000 + 1_000);
    const token = new URL(url, 'http://x').searchParams.get('draft')!;
    expect(t.app.services.drafts.verify(token, draft._id)).toBe(true);
  });

  it('articles in Arabic have no language prefix', async () => {
    const article = await create(t.app, 'article', buildArticle({ status: 'review', slug: 'maqal' }));
    const res = await call(t.app, 'GET', `/api/article/${article._id}/preview-link`);
    expect((res.body.data as { url: string }).url).toMatch(/^\/article\/maqal\?draft=/);
  });

  it('is refused to whoever may not read the draft, and 404 for an unknown id', async () => {
    const draft = await create(t.app, 'factcheck', buildFactcheck({ status: 'draft' }));
    // Public readers get no draft link at all (issue 34), whatever the id: 401, or 403 signed in.
    expect(
      (await call(t.app, 'GET', `/api/factcheck/${draft._id}/preview-link`, undefined, 'anonymous')).status,
    ).toBe(401);
    expect(
      (await call(t.app, 'GET', `/api/factcheck/${draft._id}/preview-link`, undefined, 'reader')).status,
    ).toBe(403);
    expect((await call(t.app, 'GET', '/api/factcheck/0e0000000000000000009999/preview-link')).status).toBe(
      404,
    );
  });
});

describe('devices', () => {
  it("lists the signed-in user's devices only, and forgets one", async () => {
    const editor = await signIn(t, ['editor']);
    const other = await signIn(t, ['editor']);
    for (const id of ['phone001', 'laptop01']) {
      const res = await request(t.app, 'POST', '/auth/device', {
        token: editor.access_token,
        body: { id, name: 'Chrome', description: `Chrome on ${id}`, os: 'Android' },
      });
      expect(res.status).toBe(200);
    }
    await request(t.app, 'POST', '/auth/device', { token: other.access_token, body: { id: 'elsewhere' } });
    const listed = await request(t.app, 'GET', '/auth/devices', { token: editor.access_token });
    expect(listed.status).toBe(200);
    // The sign-in itself named no device: it is listed as the device of its User-Agent (ua-…).
    const registered = (body: { data?: unknown }) =>
      (body.data as { id: string }[]).map((d) => d.id).filter((id) => !id.startsWith('ua-'));
    expect(registered(listed.body).sort()).toEqual(['laptop01', 'phone001']);
    expect((listed.body.data as { description: string }[])[0]!.description).toMatch(/^Chrome on /);
    expect(
      (await request(t.app, 'DELETE', '/auth/device?id=phone001', { token: editor.access_token })).status,
    ).toBe(200);
    const after = await request(t.app, 'GET', '/auth/devices', { token: editor.access_token });
    expect(registered(after.body)).toEqual(['laptop01']);
    expect((await request(t.app, 'GET', '/auth/devices', {})).status).toBe(401);
  });
});

describe('contact messages', () => {
  it('start unhandled, cannot be marked by the visitor, and the newsroom marks them handled', async () => {
    const posted = await call(
      t.app,
      'POST',
      '/api/contract',
      { name: 'سامر', email: 'samer@example.org', subject: 'تصحيح', handled: true },
      'anonymous',
    );
    expect(posted.status).toBe(200);
    const id = posted.body._id as string;
    const stored = await call(t.app, 'GET', `/api/contact/${id}`);
    expect((stored.body.data as { handled: boolean }[])[0]!.handled).toBe(false);
    const patched = await call(t.app, 'PATCH', `/api/contact/${id}`, [
      { op: 'replace', path: '/handled', value: true },
    ]);
    expect(patched.status).toBe(200);
    const unhandled = await call(t.app, 'GET', '/api/contact?handled=false');
    expect((unhandled.body.data as { _id: string }[]).map((m) => m._id)).not.toContain(id);
    const handled = await call(t.app, 'GET', '/api/contact?handled=true');
    expect((handled.body.data as { _id: string }[]).map((m) => m._id)).toContain(id);
  });
});
