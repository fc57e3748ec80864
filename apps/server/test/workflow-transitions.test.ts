// The editorial trust workflow on every write path (issue 33 §1–2, ADR 039): roles × transitions ×
// POST, PUT, PATCH, revision restore and the feed's Investigate; the PATCH-then-DELETE defect;
// four-eyes on and off; each publish gate item; the settings API and the audit entries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, request, signIn, type TestApp } from './build-test-app.ts';
import { buildFactcheck, buildPublishableFactcheck, CLAIM_SOURCE_URL, createCriteria } from './factories.ts';

let t: TestApp;
type Who = { sub: string; access_token: string };
type Role = 'super-admin' | 'admin' | 'editor' | 'fact-checker' | 'no role';
const ROLES: readonly Role[] = ['super-admin', 'admin', 'editor', 'fact-checker', 'no role'];
const users = {} as Record<Role, Who>;
/** Writes the records the table moves (so the movers' own edits never trip four-eyes). */
let writer: Who;
/** Publishes and unpublishes records to put them in their starting status. */
let publisher: Who;

beforeAll(async () => {
  t = await buildTestApp();
  await createCriteria(t.app);
  for (const role of ROLES) users[role] = await signIn(t, role === 'no role' ? [] : [role]);
  writer = await signIn(t, ['fact-checker']);
  publisher = await signIn(t, ['editor']);
});
afterAll(() => t?.close());

const send = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  request(t.app, method, url, { token: who.access_token, ...(body === undefined ? {} : { body }) });

const canPublish = (role: Role) => role === 'super-admin' || role === 'admin' || role === 'editor';

/** A fact-check in `status` written by `writer` (ever published: it was published, then unpublished). */
async function recordIn(
  status: 'draft' | 'review' | 'published' | 'withdrawn',
  author: Who = writer,
): Promise<string> {
  const created = await send(
    author,
    'POST',
    '/api/factcheck',
    buildPublishableFactcheck({ status: 'review' }),
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = (created.body as { _id: string })._id;
  const patch = (value: string, reason?: string) =>
    send(publisher, 'PATCH', `/api/factcheck/${id}`, [
      { op: 'replace', path: '/status', value },
      ...(reason ? [{ op: 'add', path: '/statusReason', value: reason }] : []),
    ]);
  if (status === 'draft') expect((await patch('draft', 'أعيد للمسودة')).status).toBe(200);
  if (status === 'published' || status === 'withdrawn') expect((await patch('published')).status).toBe(200);
  if (status === 'withdrawn') expect((await patch('draft', 'سحب للمراجعة')).status).toBe(200);
  return id;
}

async function stored(id: string) {
  const res = await call(t.app, 'GET', `/api/factcheck/${id}`);
  return (res.body.data as Record<string, unknown>[])[0]!;
}

/** The write path moves the record's status (PUT sends the whole stored document back). */
async function move(path: 'PUT' | 'PATCH', who: Who, id: string, to: string, reason?: string) {
  if (path === 'PATCH') {
    return send(who, 'PATCH', `/api/factcheck/${id}`, [
      { op: 'replace', path: '/status', value: to },
      ...(reason ? [{ op: 'add', path: '/statusReason', value: reason }] : []),
    ]);
  }
  const current = await stored(id);
  const body: Record<string, unknown> = {};
  for (const k of [
    'title',
    'description',
    'language',
    'category',
    'claimSummary',
    'sources',
    'evidenceAcknowledged',
    'conclusion',
  ])
    body[k] = current[k];
  return send(who, 'PUT', `/api/factcheck/${id}`, {
    ...body,
    status: to,
    ...(reason ? { statusReason: reason } : {}),
  });
}

type Expect = { status: number; code?: string; rule?: string };
const ok: Expect = { status: 200 };
const forbidden: Expect = { status: 403, code: 'FORBIDDEN' };
const refused = (rule: string): Expect => ({ status: 403, code: 'TRANSITION_NOT_ALLOWED', rule });
const reasonMissing: Expect = { status: 400, code: 'VALIDATION_FAILED' };

interface Case {
  from: 'draft' | 'review' | 'published' | 'withdrawn';
  to: 'draft' | 'review' | 'published';
  reason?: string;
  expect: (role: Role) => Expect;
}

const CASES: Case[] = [
  { from: 'draft', to: 'review', expect: (r) => (r === 'no role' ? forbidden : ok) },
  {
    from: 'review',
    to: 'draft',
    reason: 'ينقصه مصدر ثانٍ',
    expect: (r) => (r === 'no role' ? forbidden : ok),
  },
  { from: 'review', to: 'draft', expect: (r) => (r === 'no role' ? forbidden : reasonMissing) },
  {
    from: 'review',
    to: 'published',
    expect: (r) => (r === 'no role' ? forbidden : canPublish(r) ? ok : refused('publish')),
  },
  {
    from: 'draft',
    to: 'published',
    expect: (r) => (r === 'no role' ? forbidden : canPublish(r) ? ok : refused('publish')),
  },
  {
    from: 'published',
    to: 'draft',
    reason: 'خطأ في التقييم',
    expect: (r) => (r === 'no role' ? forbidden : canPublish(r) ? ok : refused('unpublish')),
  },
  {
    from: 'published',
    to: 'draft',
    expect: (r) => (r === 'no role' ? forbidden : canPublish(r) ? reasonMissing : refused('unpublish')),
  },
  {
    from: 'published',
    to: 'review',
    expect: (r) => (r === 'no role' ? forbidden : refused('no-transition')),
  },
  {
    from: 'withdrawn',
    to: 'published',
    expect: (r) => (r === 'no role' ? forbidden : canPublish(r) ? ok : refused('publish')),
  },
];

describe('the defect of issue 33', () => {
  it('a fact-checker cannot unpublish a published fact-check by PATCH, nor then delete it', async () => {
    const id = await recordIn('published');
    const factChecker = users['fact-checker'];
    const unpublish = await send(factChecker, 'PATCH', `/api/factcheck/${id}`, [
      { op: 'replace', path: '/status', value: 'draft' },
    ]);
    expect(unpublish.status).toBe(403);
    expect(unpublish.body).toMatchObject({
      code: 'TRANSITION_NOT_ALLOWED',
      details: { from: 'published', to: 'draft', rule: 'unpublish' },
    });
    const removed = await send(factChecker, 'DELETE', `/api/factcheck/${id}`);
    expect(removed.status).not.toBe(200);
    expect(await stored(id)).toMatchObject({ status: 'published' });
  });
});

describe('status transitions: roles × PUT and PATCH', () => {
  for (const path of ['PATCH', 'PUT'] as const) {
    for (const c of CASES) {
      for (const role of ROLES) {
        const expected = c.expect(role);
        it(`${path} ${c.from} → ${c.to}${c.reason ? ' with a reason' : ''} by ${role}: ${expected.status} ${expected.rule ?? expected.code ?? ''}`, async () => {
          const id = await recordIn(c.from);
          const before = await stored(id);
          const res = await move(path, users[role], id, c.to, c.reason);
          expect(res.status, JSON.stringify(res.body)).toBe(expected.status);
          if (expected.code) expect(res.body.code).toBe(expected.code);
          const after = await stored(id);
          if (expected.rule) {
            expect(res.body.details).toMatchObject({
              from: c.from === 'withdrawn' ? 'draft' : c.from,
              to: c.to,
              rule: expected.rule,
            });
          }
          if (expected.status === 200) {
            expect(after.status).toBe(c.to);
            expect(after.statusReason).toBe(c.reason ?? null);
            if (c.to === 'draft' && before.status === 'published')
              expect(after.withdrawnAt).toEqual(expect.any(String));
            if (c.to === 'published') expect(after.withdrawnAt).toBeNull();
          } else {
            expect(after.status).toBe(before.status);
            expect(after._version).toBe(before._version);
          }
        });
      }
    }
  }
});

/**
 * The item's author (its last substantive editor) moving their own item: review → draft is a
 * `recall` of their submission, with no reason needed; every other rule stays as for anyone.
 */
interface AuthorCase extends Omit<Case, 'from'> {
  from: 'review' | 'published';
  /** An editor edits the item after its author: the author's work is under review. */
  editedByReviewer?: boolean;
}
const AUTHOR_CASES: AuthorCase[] = [
  { from: 'review', to: 'draft', expect: () => ok },
  { from: 'review', to: 'draft', reason: 'أسحبها لأضيف مصدرًا', expect: () => ok },
  { from: 'review', to: 'draft', editedByReviewer: true, expect: () => reasonMissing },
  {
    from: 'published',
    to: 'draft',
    expect: (r) => (canPublish(r) ? reasonMissing : refused('unpublish')),
  },
  {
    from: 'review',
    to: 'published',
    // Their own work: four-eyes, unless they may publish own work (the super-admin).
    expect: (r) => (r === 'super-admin' ? ok : canPublish(r) ? refused('four-eyes') : refused('publish')),
  },
];

describe("status transitions by the item's author: roles × PUT and PATCH", () => {
  for (const path of ['PATCH', 'PUT'] as const) {
    for (const c of AUTHOR_CASES) {
      for (const role of ROLES.filter((r) => r !== 'no role')) {
        const expected = c.expect(role);
        it(`${path} ${c.from} → ${c.to}${c.reason ? ' with a reason' : ''}${c.editedByReviewer ? ' after a reviewer edited it' : ''} by its author, ${role}: ${expected.status} ${expected.rule ?? expected.code ?? ''}`, async () => {
          const author = users[role];
          const id = await recordIn(c.from, author);
          if (c.editedByReviewer) {
            const edit = await send(publisher, 'PATCH', `/api/factcheck/${id}`, [
              { op: 'replace', path: '/title', value: 'عنوان عدّله المراجع' },
            ]);
            expect(edit.status, JSON.stringify(edit.body)).toBe(200);
          }
          const before = await stored(id);
          const res = await move(path, author, id, c.to, c.reason);
          expect(res.status, JSON.stringify(res.body)).toBe(expected.status);
          if (expected.code) expect(res.body.code).toBe(expected.code);
          if (expected.rule)
            expect(res.body.details).toMatchObject({ from: c.from, to: c.to, rule: expected.rule });
          const after = await stored(id);
          if (expected.status === 200) {
            expect([after.status, after.statusReason ?? null]).toEqual([c.to, c.reason ?? null]);
            if (c.from === 'review' && c.to === 'draft') {
              await t.app.services.audit.flush();
              const audit = await call(t.app, 'GET', `/api/audit?target=${id}&type=status-change`);
              const entries = audit.body.data as { actor: string; details: Record<string, unknown> }[];
              expect(entries.map((e) => e.actor)).toContain(author.sub);
              expect(entries.map((e) => e.details)).toContainEqual({
                from: 'review',
                to: 'draft',
                rule: 'recall',
                reason: c.reason ?? null,
              });
            }
          } else {
            expect(after.status).toBe(before.status);
            expect(after._version).toBe(before._version);
          }
        });
      }
    }
  }
});

describe('a reviewer who edited an item did not submit it', () => {
  it('their move back to draft is a send-back, with a reason, though they made the last edit', async () => {
    const id = await recordIn('review');
    const edit = await send(publisher, 'PATCH', `/api/factcheck/${id}`, [
      { op: 'replace', path: '/title', value: 'عنوان عدّله المراجع' },
    ]);
    expect(edit.status).toBe(200);
    expect(await stored(id)).toMatchObject({ lastEditedBy: publisher.sub, submittedBy: writer.sub });
    for (const path of ['PATCH', 'PUT'] as const) {
      const bare = await move(path, publisher, id, 'draft');
      expect([bare.status, bare.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    const sent = await move('PATCH', publisher, id, 'draft', 'ينقصه مصدر ثانٍ');
    expect(sent.status).toBe(200);
    expect(await stored(id)).toMatchObject({ status: 'draft', submittedBy: null });
  });
});

describe('POST: the status a new item may start in', () => {
  for (const role of ROLES) {
    for (const status of ['draft', 'review', 'published'] as const) {
      const expected =
        role === 'no role'
          ? forbidden
          : status === 'published' && !canPublish(role)
            ? refused('publish')
            : null;
      it(`${role} creates a ${status} fact-check`, async () => {
        const res = await send(users[role], 'POST', '/api/factcheck', buildPublishableFactcheck({ status }));
        if (expected) {
          expect(res.status).toBe(expected.status);
          expect(res.body.code).toBe(expected.code);
          if (expected.rule)
            expect(res.body.details).toMatchObject({ from: null, to: status, rule: expected.rule });
        } else if (status === 'published' && role !== 'super-admin') {
          // Their own work: four-eyes (the super-admin may publish own work).
          expect(res.status).toBe(403);
          expect(res.body.details).toMatchObject({ rule: 'four-eyes' });
        } else {
          expect(res.status, JSON.stringify(res.body)).toBe(200);
        }
      });
    }
  }
});

describe('DELETE: nothing ever published is deleted, by anyone', () => {
  for (const role of ROLES) {
    it(`${role}`, async () => {
      const draft = await recordIn('review');
      const published = await recordIn('published');
      const withdrawn = await recordIn('withdrawn');
      const del = (id: string) => send(users[role], 'DELETE', `/api/factcheck/${id}`);
      const never = await del(draft);
      expect(never.status).toBe(role === 'no role' ? 403 : 200);
      const pub = await del(published);
      // A fact-checker's Delete does not even see published items (its selector), so 404.
      expect(pub.status).toBe(role === 'no role' ? 403 : role === 'fact-checker' ? 404 : 403);
      if (role !== 'no role' && role !== 'fact-checker') {
        expect(pub.body).toMatchObject({
          code: 'TRANSITION_NOT_ALLOWED',
          details: { from: 'published', to: 'deleted', rule: 'delete-published' },
        });
      }
      const gone = await del(withdrawn);
      expect(gone.status).toBe(403);
      if (role !== 'no role') expect(gone.body.details).toMatchObject({ rule: 'delete-published' });
      expect((await stored(published)).status).toBe('published');
      expect((await stored(withdrawn)).status).toBe('draft');
    });
  }
});

describe('revision restore brings back content, never a status', () => {
  it('restoring the published revision of a withdrawn item leaves it withdrawn', async () => {
    const id = await recordIn('withdrawn');
    // Revision 2 is the published one (1: created in review, 3: withdrawn).
    const restore = await send(users.editor, 'POST', `/api/factcheck/${id}/revisions/2/restore`);
    expect(restore.status, JSON.stringify(restore.body)).toBe(200);
    expect(await stored(id)).toMatchObject({ status: 'draft', statusReason: 'سحب للمراجعة' });
  });

  it('a fact-checker cannot restore a published item (its write permission), nor unpublish by it', async () => {
    const id = await recordIn('published');
    const res = await send(users['fact-checker'], 'POST', `/api/factcheck/${id}/revisions/1/restore`);
    expect(res.status).toBe(403);
    expect((await stored(id)).status).toBe('published');
  });

  it('restoring old content makes the restorer the last editor (four-eyes)', async () => {
    const created = await send(
      users.editor,
      'POST',
      '/api/factcheck',
      buildPublishableFactcheck({ status: 'review' }),
    );
    const id = (created.body as { _id: string })._id;
    const edited = await send(users.admin, 'PATCH', `/api/factcheck/${id}`, [
      { op: 'replace', path: '/description', value: 'وصف جديد' },
    ]);
    expect(edited.status).toBe(200);
    expect((await stored(id)).lastEditedBy).toBe(users.admin.sub);
    expect((await send(users.editor, 'POST', `/api/factcheck/${id}/revisions/1/restore`)).status).toBe(200);
    const publish = await move('PATCH', users.editor, id, 'published');
    expect(publish.body.details).toMatchObject({ rule: 'four-eyes' });
    expect((await move('PATCH', users.admin, id, 'published')).status).toBe(200);
  });
});

describe("the feed's Investigate", () => {
  it('creates a draft for whoever may investigate, and a fact-checker still cannot publish it', async () => {
    const feed = await call(t.app, 'POST', '/api/feed', { title: 'خبر متداول', status: 'review' });
    expect(feed.status).toBe(200);
    const feedId = (feed.body as { _id: string })._id;
    const investigated = await send(users['fact-checker'], 'POST', `/api/feed/${feedId}/investigate`);
    expect(investigated.status, JSON.stringify(investigated.body)).toBe(200);
    const factcheckId = (investigated.body.result as { _id: string })._id;
    const created = await stored(factcheckId);
    expect(created).toMatchObject({
      status: 'draft',
      lastEditedBy: users['fact-checker'].sub,
      statusReason: null,
    });
    const publish = await move('PATCH', users['fact-checker'], factcheckId, 'published');
    expect(publish.body).toMatchObject({ code: 'TRANSITION_NOT_ALLOWED', details: { rule: 'publish' } });
  });
});

describe('four-eyes', () => {
  async function reviewBy(who: Who) {
    const res = await send(who, 'POST', '/api/factcheck', buildPublishableFactcheck({ status: 'review' }));
    expect(res.status).toBe(200);
    return (res.body as { _id: string })._id;
  }

  it('refuses publishing one’s own last substantive edit; a colleague publishes it', async () => {
    const id = await reviewBy(users.editor);
    const own = await move('PATCH', users.editor, id, 'published');
    expect(own.status).toBe(403);
    expect(own.body).toMatchObject({
      code: 'TRANSITION_NOT_ALLOWED',
      details: { from: 'review', to: 'published', rule: 'four-eyes' },
    });
    expect((await move('PATCH', users.admin, id, 'published')).status).toBe(200);
  });

  it('a status or SEO change is not a substantive edit; any other field is', async () => {
    const id = await reviewBy(users.editor);
    const seo = await send(users.admin, 'PATCH', `/api/factcheck/${id}`, [
      { op: 'add', path: '/meta', value: { title: 'عنوان لمحركات البحث' } },
    ]);
    expect(seo.status).toBe(200);
    expect((await stored(id)).lastEditedBy).toBe(users.editor.sub);
    const content = await send(users.admin, 'PATCH', `/api/factcheck/${id}`, [
      { op: 'replace', path: '/title', value: 'عنوان معدل للادعاء' },
    ]);
    expect(content.status).toBe(200);
    expect((await stored(id)).lastEditedBy).toBe(users.admin.sub);
    expect((await move('PATCH', users.admin, id, 'published')).body.details).toMatchObject({
      rule: 'four-eyes',
    });
    expect((await move('PATCH', users.editor, id, 'published')).status).toBe(200);
  });

  it('the super-admin may publish own work', async () => {
    const id = await reviewBy(users['super-admin']);
    expect((await move('PATCH', users['super-admin'], id, 'published')).status).toBe(200);
  });

  it('switched off in Settings → Workflow, anyone with the publish right publishes own work', async () => {
    const off = await send(users.admin, 'PUT', '/api/settings/workflow', { fourEyes: false, gate: {} });
    expect(off.status).toBe(200);
    try {
      const id = await reviewBy(users.editor);
      expect((await move('PATCH', users.editor, id, 'published')).status).toBe(200);
    } finally {
      expect(
        (await send(users.admin, 'PUT', '/api/settings/workflow', { fourEyes: true, gate: {} })).status,
      ).toBe(200);
    }
    const id = await reviewBy(users.editor);
    expect((await move('PATCH', users.editor, id, 'published')).status).toBe(403);
  });
});

describe('the publish gate', () => {
  const GATE_CASES: [key: string, fields: Record<string, unknown>][] = [
    ['category', { category: null }],
    ['category', { category: 'health' }],
    ['claimSummary', { claimSummary: null }],
    ['claimSummary', { claimSummary: 'صورة مفبرك نشرها حساب' }],
    ['claimSummary', { claimSummary: 'الخبر الزائف عن الفيضان' }],
    ['claimSource', { sources: '<p>لا روابط</p>', evidenceAcknowledged: [] }],
    ['evidence', { evidenceAcknowledged: [] }],
    ['conclusion', { conclusion: '<p></p>' }],
    ['imageAlt', { images: [{ path: 'factcheck/photo.jpg' }] }],
    ['imageAlt', { content: '<p><img src="/storage/x.jpg"></p>' }],
  ];

  for (const [key, fields] of GATE_CASES) {
    it(`${key}: ${JSON.stringify(fields)}`, async () => {
      const created = await send(
        writer,
        'POST',
        '/api/factcheck',
        buildPublishableFactcheck({ status: 'review', ...fields }),
      );
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const id = (created.body as { _id: string })._id;
      const res = await move('PATCH', users.editor, id, 'published');
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('PUBLISH_GATE');
      const unmet = (res.body.details as { unmet: { key: string; message: string }[] }).unmet;
      expect(unmet.map((u) => u.key)).toContain(key);
      for (const item of unmet) expect(item.message).toEqual(expect.any(String));
      expect((await stored(id)).status).toBe('review');
    });
  }

  it('the category missing also makes the ClaimReview invalid (no rating name)', async () => {
    const created = await send(
      writer,
      'POST',
      '/api/factcheck',
      buildPublishableFactcheck({ status: 'review', category: null }),
    );
    const res = await move('PATCH', users.editor, (created.body as { _id: string })._id, 'published');
    expect((res.body.details as { unmet: { key: string }[] }).unmet.map((u) => u.key)).toEqual([
      'category',
      'claimReview',
    ]);
  });

  it('an archived snapshot counts as evidence without an acknowledgement', async () => {
    await t.database.db.execute(
      // The evidence archive's row for the claim source, as the archive leaves it (issue 15).
      (await import('@tabayyun/db'))
        .sql`insert into evidence_snapshot (_id, url, status) values ('5f0000000000000000000001', ${CLAIM_SOURCE_URL}, 'done') on conflict do nothing`,
    );
    const created = await send(
      writer,
      'POST',
      '/api/factcheck',
      buildPublishableFactcheck({ status: 'review', evidenceAcknowledged: [] }),
    );
    expect(
      (await move('PATCH', users.editor, (created.body as { _id: string })._id, 'published')).status,
    ).toBe(200);
    await t.database.db.execute((await import('@tabayyun/db')).sql`delete from evidence_snapshot`);
  });

  it('warnings do not block: long SEO title and description', async () => {
    const created = await send(
      writer,
      'POST',
      '/api/factcheck',
      buildPublishableFactcheck({
        status: 'review',
        meta: { title: 'ع'.repeat(61), description: 'و'.repeat(161) },
      }),
    );
    expect(
      (await move('PATCH', users.editor, (created.body as { _id: string })._id, 'published')).status,
    ).toBe(200);
  });

  it('an item switched off is not checked; the ClaimReview validity cannot be switched off', async () => {
    const refused = await send(users.admin, 'PUT', '/api/settings/workflow', {
      fourEyes: true,
      gate: { claimReview: false },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { 'gate.claimReview': expect.any(String) },
    });

    const created = await send(
      writer,
      'POST',
      '/api/factcheck',
      buildPublishableFactcheck({ status: 'review', conclusion: '' }),
    );
    const id = (created.body as { _id: string })._id;
    expect((await move('PATCH', users.editor, id, 'published')).status).toBe(422);
    expect(
      (
        await send(users.admin, 'PUT', '/api/settings/workflow', {
          fourEyes: true,
          gate: { conclusion: false },
        })
      ).status,
    ).toBe(200);
    try {
      expect((await move('PATCH', users.editor, id, 'published')).status).toBe(200);
    } finally {
      await send(users.admin, 'PUT', '/api/settings/workflow', { fourEyes: true, gate: {} });
    }
  });

  it('articles have the states but not the gate', async () => {
    const created = await send(writer, 'POST', '/api/article', {
      title: 'مقال',
      description: 'و',
      status: 'review',
    });
    const id = (created.body as { _id: string })._id;
    const res = await send(users.editor, 'PATCH', `/api/article/${id}`, [
      { op: 'replace', path: '/status', value: 'published' },
    ]);
    expect(res.status).toBe(200);
    const unpublish = await send(users['fact-checker'], 'PATCH', `/api/article/${id}`, [
      { op: 'replace', path: '/status', value: 'draft' },
    ]);
    expect(unpublish.body).toMatchObject({ code: 'TRANSITION_NOT_ALLOWED', details: { rule: 'unpublish' } });
    expect((await send(users.editor, 'DELETE', `/api/article/${id}`)).status).toBe(403);
  });

  it('drafts and reviews are saved whatever the gate says', async () => {
    const res = await send(writer, 'POST', '/api/factcheck', buildFactcheck({ status: 'review' }));
    expect(res.status).toBe(200);
  });
});

describe('GET/PUT /api/settings/workflow', () => {
  it('answers the defaults: four-eyes on, every gate item on', async () => {
    const res = await send(users.admin, 'GET', '/api/settings/workflow');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      fourEyes: true,
      gate: {
        category: true,
        claimReview: true,
        claimSummary: true,
        claimSource: true,
        evidence: true,
        conclusion: true,
        imageAlt: true,
      },
    });
  });

  it('administrators change it; staff read it; others may not', async () => {
    for (const role of ['editor', 'fact-checker'] as const) {
      expect((await send(users[role], 'GET', '/api/settings/workflow')).status).toBe(200);
      expect((await send(users[role], 'PUT', '/api/settings/workflow', { fourEyes: false })).status).toBe(
        403,
      );
    }
    expect((await send(users['no role'], 'GET', '/api/settings/workflow')).status).toBe(403);
    expect((await request(t.app, 'GET', '/api/settings/workflow')).status).toBe(401);
  });

  it('refuses unknown keys and non-booleans with VALIDATION_FAILED', async () => {
    for (const body of [
      { fourEyes: 'yes', gate: {} },
      { fourEyes: true, gate: { unknown: true } },
      { gate: {} },
      [1],
    ]) {
      const res = await send(users.admin, 'PUT', '/api/settings/workflow', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
  });

  it('keeps a change and records it in the audit log', async () => {
    const put = await send(users.admin, 'PUT', '/api/settings/workflow', {
      fourEyes: true,
      gate: { imageAlt: false },
    });
    expect(put.status).toBe(200);
    expect((await send(users.editor, 'GET', '/api/settings/workflow')).body).toMatchObject({
      gate: { imageAlt: false, category: true },
    });
    await send(users.admin, 'PUT', '/api/settings/workflow', { fourEyes: true, gate: {} });
    const audit = await call(t.app, 'GET', '/api/audit?type=workflow-settings-change&sort_by=-createdAt');
    expect((audit.body.data as unknown[]).length).toBeGreaterThanOrEqual(2);
  });
});

describe('the audit log', () => {
  it('records each transition with actor, from, to and reason', async () => {
    const id = await recordIn('withdrawn');
    await t.app.services.audit.flush();
    const res = await call(t.app, 'GET', `/api/audit?target=${id}&sort_by=createdAt`);
    const entries = (
      res.body.data as { type: string; actor: string; details: Record<string, unknown> }[]
    ).map((e) => ({ type: e.type, actor: e.actor, details: e.details }));
    expect(entries).toEqual([
      {
        type: 'publish',
        actor: publisher.sub,
        details: { from: 'review', to: 'published', rule: 'publish', reason: null },
      },
      {
        type: 'unpublish',
        actor: publisher.sub,
        details: { from: 'published', to: 'draft', rule: 'unpublish', reason: 'سحب للمراجعة' },
      },
    ]);
  });
});
