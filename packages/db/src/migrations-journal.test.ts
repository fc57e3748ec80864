// Drizzle applies a migration only when its `when` is later than the last one a database has
// applied, in the journal's order. Entries appended in the order parallel work finished
// (…14, 18, 16, 19 …) run out of order on a fresh database, and a database that had applied 18
// would skip 16 and 17 for ever. Every entry must follow the one before it in number and time,
// and name a file that exists.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const MIGRATIONS = join(import.meta.dirname, '..', 'migrations');

interface Entry {
  idx: number;
  when: number;
  tag: string;
}

const entries = (
  JSON.parse(readFileSync(join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as { entries: Entry[] }
).entries;

describe('the migrations journal', () => {
  it('lists the migrations in number order, each later than the one before', () => {
    for (let i = 1; i < entries.length; i++) {
      const [before, entry] = [entries[i - 1]!, entries[i]!];
      expect(entry.idx, `${entry.tag} after ${before.tag}`).toBeGreaterThan(before.idx);
      expect(entry.when, `${entry.tag} after ${before.tag}`).toBeGreaterThan(before.when);
    }
  });

  it('names a SQL file for every entry, whose number is the entry’s', () => {
    for (const entry of entries) {
      expect(existsSync(join(MIGRATIONS, `${entry.tag}.sql`)), entry.tag).toBe(true);
      expect(Number(entry.tag.slice(0, 4)), entry.tag).toBe(entry.idx);
    }
  });
});
