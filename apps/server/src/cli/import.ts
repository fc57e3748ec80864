// `npm run import -- <file.jsonl> [--batch 500] [--concurrency 1] [--as <e-mail>] [--dry-run]`: loads fact-checks
// from JSON Lines into the configured database (DATABASE_URL, or PGlite in DATA_DIR: stop the
// server first, one process owns it), through the API's create (docs/import.md, ADR 049).
// Progress goes to stderr, one line per batch; errors name the file's line and the code; the
// summary (JSON) goes to stdout. Exit codes: 0 all loaded or skipped, 1 some lines refused (their
// batches rolled back; fix them and run again: loaded items are skipped), 2 usage.
import { createReadStream, existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { openDb } from '@tabayyun/db';
import type { Actor } from '@tabayyun/permissions';
import { loadConfig } from '../config.ts';
import { createRegistry } from '../modules/content/registry.ts';
import { importFactchecks } from '../modules/import/import.service.ts';
import { listPermissionRows } from '../modules/permissions/permissions.repo.ts';
import { ruleOfRow } from '../modules/permissions/permissions.service.ts';
import { findUserByLogin } from '../modules/users/users.repo.ts';
import { createAccessGuard } from '../plugins/access.ts';
import { SYSTEM_ACTOR } from '../plugins/actor.ts';
import { defaultRules } from '../plugins/default-rules.ts';

const USAGE =
  'Usage: npm run import -- <file.jsonl> [--batch 500] [--concurrency 1] [--as <e-mail>] [--dry-run]\n' +
  'One fact-check per line (docs/import.md). Items whose slug or _id exists are skipped.\n';

let parsed: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: {
      batch: { type: 'string', default: '500' },
      concurrency: { type: 'string', default: '1' },
      as: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
    },
  });
}
try {
  parsed = parse();
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n${USAGE}`);
  process.exit(2);
}
const file = parsed.positionals[0];
const batchSize = Number(parsed.values.batch);
const concurrency = Number(parsed.values.concurrency);
const positive = (n: number) => Number.isInteger(n) && n >= 1;
if (!file || parsed.positionals.length > 1 || !positive(batchSize) || !positive(concurrency)) {
  process.stderr.write(USAGE);
  process.exit(2);
}

if (!existsSync(file)) {
  process.stderr.write(`No file '${file}'\n`);
  process.exit(2);
}

const config = loadConfig();
const database = await openDb({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : config.dataDir,
});
try {
  // The API's access rules: the built-in ones with the newsroom's stored rules merged over them.
  const guard = createAccessGuard(defaultRules(config.API_BASE, { storageBase: config.STORAGE_BASE }));
  guard.reload((await listPermissionRows(database.db)).map(ruleOfRow));
  let actor: Actor = SYSTEM_ACTOR;
  if (parsed.values.as) {
    const email = parsed.values.as.trim().toLowerCase();
    const user = await findUserByLogin(database.db, { email, username: email });
    if (!user) {
      process.stderr.write(`No user '${email}'\n`);
      process.exitCode = 2;
      throw new Error('usage');
    }
    actor = { sub: user._id, roles: user.roles ?? [], anonymous: false };
  }
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  let reported = 0;
  const report = await importFactchecks(
    {
      database,
      registry: createRegistry(),
      guard,
      apiBase: config.API_BASE,
      publicSite: { publicUrl: config.PUBLIC_URL, name: config.PRODUCT_NAME },
    },
    lines,
    {
      actor,
      batchSize,
      concurrency,
      dryRun: parsed.values['dry-run'],
      onBatch(p) {
        for (const e of p.errors.slice(reported)) {
          process.stderr.write(
            `line ${e.line}: ${e.code} ${e.message}${e.details === undefined ? '' : ` ${JSON.stringify(e.details)}`}\n`,
          );
        }
        reported = p.errors.length;
        process.stderr.write(
          `${p.lines} lines: ${p.created} created, ${p.skipped} skipped, ${p.errors.length} refused\n`,
        );
      },
    },
  );
  const { errors, ...summary } = report;
  process.stdout.write(
    `${JSON.stringify({ ...summary, refused: errors.length, dryRun: parsed.values['dry-run'] })}\n`,
  );
  if (errors.length > 0) process.exitCode = 1;
} catch (err) {
  if ((err as Error).message !== 'usage') throw err;
} finally {
  await database.close();
}
