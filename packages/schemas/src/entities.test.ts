import { describe, expect, it } from 'vitest';
import { authorInput } from './author.ts';
import { CATEGORY_ID_PATTERN, categoryInput } from './category.ts';
import { FACTCHECK_STATUSES, FEED_STATUSES, fileRecord, LANGUAGES } from './common.ts';
import { ENTITY_INPUTS, READ_ONLY_FIELDS, stripReadOnly } from './entities.ts';
import { feedInput } from './feed.ts';
import { CONTACT_SUBJECT_MAX, contactInput } from './index.ts';
import { mediaSourceInput } from './media-source.ts';

function failedPaths(result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }): string[] {
  return (result.error?.issues ?? []).map((i) => i.path.join('.')).sort();
}

describe('constants', () => {
  it('lists the statuses and languages of the spec', () => {
    expect(FACTCHECK_STATUSES).toEqual(['draft', 'review', 'published']);
    expect(FEED_STATUSES).toEqual(['new', 'review', 'archive']);
    expect(LANGUAGES).toEqual(['ar', 'en', 'tr']);
  });
});

describe('categoryInput', () => {
  it('requires _id, slug and name', () => {
    expect(failedPaths(categoryInput.safeParse({}))).toEqual(['_id', 'name', 'slug']);
  });

  it('accepts only url-safe lowercase ids', () => {
    for (const id of ['fraud', 'most-read', 'a_b', '2016']) expect(CATEGORY_ID_PATTERN.test(id)).toBe(true);
    for (const id of ['Fraud', '-x', '_x', 'a b', 'ا', 'a/b', '']) {
      expect(categoryInput.safeParse({ _id: id, slug: 's', name: 'n' }).success).toBe(false);
    }
  });

  it('defaults showOnPages to home and empties a blank parent', () => {
    expect(categoryInput.parse({ _id: 'fraud', slug: 'fraud', name: 'احتيال', parent: '' })).toMatchObject({
      showOnPages: ['home'],
      parent: null,
      image: [],
    });
  });
});

describe('authorInput and mediaSourceInput', () => {
  it('require a name', () => {
    expect(failedPaths(authorInput.safeParse({ name: ' ' }))).toEqual(['name']);
    expect(failedPaths(mediaSourceInput.safeParse({}))).toEqual(['name']);
  });

  it('validate an author e-mail only when one is given', () => {
    expect(authorInput.parse({ name: 'A', email: '' }).email).toBeNull();
    expect(authorInput.parse({ name: 'A', email: 'a@example.org' }).email).toBe('a@example.org');
    expect(failedPaths(authorInput.safeParse({ name: 'A', email: 'nope' }))).toEqual(['email']);
  });

  it('defaults author visibility and media-source counters', () => {
    expect(authorInput.parse({ name: 'A' })).toMatchObject({ hidden: false, active: true });
    expect(mediaSourceInput.parse({ name: 'M' })).toMatchObject({ falseClaims: 0, images: [] });
  });
});

describe('contactInput', () => {
  const valid = { name: 'Reader', email: 'reader@example.org', subject: 'Hello' };

  it('requires name, a valid email and a subject', () => {
    expect(contactInput.parse(valid)).toEqual(valid);
    expect(failedPaths(contactInput.safeParse({}))).toEqual(['email', 'name', 'subject']);
    expect(failedPaths(contactInput.safeParse({ ...valid, email: 'not-an-email' }))).toEqual(['email']);
    expect(failedPaths(contactInput.safeParse({ ...valid, subject: '   ' }))).toEqual(['subject']);
  });

  it('limits the message to 5000 characters', () => {
    expect(contactInput.safeParse({ ...valid, subject: 'x'.repeat(CONTACT_SUBJECT_MAX) }).success).toBe(true);
    expect(
      failedPaths(contactInput.safeParse({ ...valid, subject: 'x'.repeat(CONTACT_SUBJECT_MAX + 1) })),
    ).toEqual(['subject']);
  });

  it('does not let the public choose an id', () => {
    expect(contactInput.safeParse({ ...valid, _id: 'mine' }).success).toBe(false);
  });
});

describe('feedInput', () => {
  it('requires a title, defaults to new and takes at most one featured image', () => {
    expect(failedPaths(feedInput.safeParse({}))).toEqual(['title']);
    expect(feedInput.parse({ title: 'خبر' })).toMatchObject({ status: 'new', mediaSource: [] });
    const image = { path: 'storage/news-feed/a.jpg' };
    expect(failedPaths(feedInput.safeParse({ title: 't', featuredImage: [image, image] }))).toEqual([
      'featuredImage',
    ]);
    expect(failedPaths(feedInput.safeParse({ title: 't', status: 'published' }))).toEqual(['status']);
  });

  it('parses the publication date and the fact-check link', () => {
    const parsed = feedInput.parse({
      title: 't',
      publishedDate: '2026-03-01T10:00:00+03:00',
      factcheck: { _id: 'abc', title: 'T' },
    });
    expect(parsed.publishedDate).toEqual(new Date('2026-03-01T07:00:00Z'));
    expect(parsed.factcheck).toEqual({ _id: 'abc', title: 'T' });
    expect(failedPaths(feedInput.safeParse({ title: 't', publishedDate: 'yesterday' }))).toEqual([
      'publishedDate',
    ]);
  });
});

describe('fileRecord', () => {
  it('needs a path and drops unknown keys', () => {
    expect(fileRecord.safeParse({ originalname: 'a.jpg' }).success).toBe(false);
    expect(fileRecord.parse({ path: 'storage/a.jpg', size: 3, junk: true })).toEqual({
      path: 'storage/a.jpg',
      size: 3,
    });
  });
});

describe('read-only fields', () => {
  it('are stripped so a record read back can be saved again', () => {
    const read = {
      _id: 'x',
      title: 't',
      description: 'd',
      score: 4,
      reads: 10,
      claimsNormalized: 'c',
      createdAt: '2026-01-01T00:00:00Z',
    };
    expect(factcheckParses(stripReadOnly('factcheck', read))).toBe(true);
    expect(factcheckParses(read)).toBe(false);
  });

  it('strip category path and level but not the fields it requires', () => {
    expect(stripReadOnly('category', { _id: 'a', path: '/a', level: 0, name: 'n' })).toEqual({
      _id: 'a',
      name: 'n',
    });
    expect(stripReadOnly('category', 'not an object')).toBe('not an object');
  });

  it('strip the server-owned version, last writer and translation state of every record', () => {
    expect(
      stripReadOnly('factcheck', {
        title: 't',
        _version: '3.abc',
        updatedBy: 'u',
        needsUpdate: true,
        sourceChangedAt: null,
        translations: [],
      }),
    ).toEqual({ title: 't' });
  });

  it('are never also accepted as input', () => {
    for (const [entity, fields] of Object.entries(READ_ONLY_FIELDS)) {
      const shape = ENTITY_INPUTS[entity as keyof typeof ENTITY_INPUTS].shape;
      for (const field of fields) expect(Object.keys(shape), `${entity}.${field}`).not.toContain(field);
    }
  });
});

function factcheckParses(body: unknown): boolean {
  return ENTITY_INPUTS.factcheck.safeParse(body).success;
}
