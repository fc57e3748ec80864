// The in-process reference data of public pages: anonymous reads of categories, authors and media
// sources answered from memory until a write's tags name them; lookups filled from memory; copies
// kept frozen; personal reads never kept.
import { ANONYMOUS_ACTOR } from '@tabayyun/permissions';
import { parseQuery } from '@tabayyun/query';
import { describe, expect, it } from 'vitest';
import { createReferenceCache, freezeData, type ReferenceResources } from './reference-cache.ts';

type Doc = Record<string, unknown> & { _id: string };
const EDITOR = { sub: 'e', roles: ['editor'], anonymous: false };

function fakeService() {
  const rows: Record<string, Doc[]> = {
    category: [{ _id: 'fraud', name: 'كاذب', _version: '1.a' }],
    author: [{ _id: 'a1', name: 'Author One', _version: '1.b' }],
    factcheck: [{ _id: 'f1', title: 'T', author: 'a1', category: 'fraud' }],
  };
  const calls: string[] = [];
  const service: ReferenceResources = {
    async list({ resource, query }) {
      calls.push(`${resource}:${(query.lookup ?? []).join(',')}`);
      const data = structuredClone(rows[resource] ?? []);
      if (query.lookup?.includes('author'))
        for (const d of data) d.author = { ...rows.author![0]!, _version: undefined };
      return { data, total: data.length };
    },
    async get({ resource, id }) {
      calls.push(`get ${resource}`);
      const found = rows[resource]?.find((d) => d._id === id);
      if (!found) throw Object.assign(new Error('not found'), { statusCode: 404 });
      return structuredClone(found);
    },
    definition: () => ({ relations: { author: { resource: 'author' }, category: { resource: 'category' } } }),
  };
  return { service, calls, rows };
}

describe('reference cache', () => {
  it('reads anonymous category lists once until a category tag drops them, frozen', async () => {
    const { service, calls, rows } = fakeService();
    const cache = createReferenceCache();
    const wrapped = cache.wrap(service);
    const read = () =>
      wrapped.list({ actor: ANONYMOUS_ACTOR, resource: 'category', query: parseQuery('per_page=10') });
    const first = await read();
    expect(() => {
      first.data[0]!.name = 'changed by a loader';
    }).toThrow(TypeError);
    expect((await read()).data[0]!.name).toBe('كاذب');
    expect(calls).toEqual(['category:']);
    cache.invalidate(['factcheck:*', 'author:*']);
    await read();
    expect(calls).toHaveLength(1);
    rows.category![0]!.name = 'جديد';
    cache.invalidate(['category:_id=fraud', 'category:*']);
    expect((await read()).data[0]!.name).toBe('جديد');
    expect(calls).toHaveLength(2);
  });

  it('never keeps what a signed-in reader reads, nor a failed read', async () => {
    const { service, calls } = fakeService();
    const wrapped = createReferenceCache().wrap(service);
    for (let i = 0; i < 2; i++) {
      await wrapped.list({ actor: EDITOR, resource: 'category', query: parseQuery('') });
      await expect(
        wrapped.get({ actor: ANONYMOUS_ACTOR, resource: 'author', id: 'nobody' }),
      ).rejects.toThrow();
    }
    expect(calls).toEqual(['category:', 'get author', 'category:', 'get author']);
  });

  it('fills the author lookup of fact-check lists from the whole author list, read once', async () => {
    const { service, calls } = fakeService();
    const wrapped = createReferenceCache().wrap(service);
    const query = parseQuery('lookup=author;mediaSource');
    const a = await wrapped.list({ actor: ANONYMOUS_ACTOR, resource: 'factcheck', query });
    const b = await wrapped.list({ actor: ANONYMOUS_ACTOR, resource: 'factcheck', query });
    expect(a.data[0]!.author).toEqual({ _id: 'a1', name: 'Author One' });
    expect(b.data[0]!.author).toEqual({ _id: 'a1', name: 'Author One' });
    expect(Object.isFrozen(a.data[0]!.author)).toBe(true);
    // The remaining lookup still goes to the service; the author list is read once.
    expect(calls).toEqual(['factcheck:mediaSource', 'author:', 'factcheck:mediaSource']);
  });

  it('freezes plain data deeply (nested rows, lists, a map’s rows), so a loader cannot change what is kept', () => {
    const kept = { _id: 'a', at: new Date(0), images: [{ url: '/x.webp', size: { w: 1 } }], none: null };
    expect(freezeData(kept)).toBe(kept);
    expect(() => {
      kept.images[0]!.size.w = 2;
    }).toThrow(TypeError);
    expect(() => kept.images.push({ url: '/y.webp', size: { w: 1 } })).toThrow(TypeError);
    const byId = freezeData(new Map([['a', { name: 'x' }]]));
    expect(Object.isFrozen(byId.get('a'))).toBe(true);
  });

  it('keeps the anonymous reader’s counts per rating by language until a fact-check or category write', async () => {
    const calls: string[] = [];
    let published = 3;
    const service = {
      async countByCategory(args: { actor: { anonymous: boolean }; language?: string }) {
        calls.push(args.language ?? 'all');
        if (args.language === 'xx') throw Object.assign(new Error('bad language'), { statusCode: 400 });
        return [{ _id: 'fraud', name: 'كاذب', count: published }];
      },
    };
    const cache = createReferenceCache();
    const stats = cache.wrapStats(service);
    const count = async (language?: string, actor = ANONYMOUS_ACTOR) =>
      ((await stats.countByCategory({ actor, ...(language ? { language } : {}) })) as { count: number }[])[0]!
        .count;
    expect([await count('ar'), await count('ar'), await count('en'), await count()]).toEqual([3, 3, 3, 3]);
    expect(calls).toEqual(['ar', 'en', 'all']);
    // A signed-in reader always counts afresh; a refused language is not kept.
    await count('ar', EDITOR);
    await expect(count('xx')).rejects.toThrow('bad language');
    await expect(count('xx')).rejects.toThrow('bad language');
    expect(calls).toEqual(['ar', 'en', 'all', 'ar', 'xx', 'xx']);
    // Writes of other resources keep the counts; a published fact-check's write drops them all.
    published = 4;
    cache.invalidate(['author:*', 'media-source:_id=m1']);
    expect(await count('ar')).toBe(3);
    cache.invalidate(['factcheck:_id=f2', 'factcheck:*@ar']);
    expect([await count('ar'), await count('en')]).toEqual([4, 4]);
    published = 5;
    cache.invalidate(['category:_id=fraud']);
    expect(await count('ar')).toBe(5);
    expect(calls.slice(6)).toEqual(['ar', 'en', 'ar']);
    const [row] = (await stats.countByCategory({ actor: ANONYMOUS_ACTOR, language: 'ar' })) as {
      count: number;
    }[];
    expect(() => {
      row!.count = 0;
    }).toThrow(TypeError);
  });
});
