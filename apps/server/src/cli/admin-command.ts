// Shared by `npm run create-admin` and `npm run reset-password`: argument and stdin handling, the
// database of the configuration (PGlite in DATA_DIR, or DATABASE_URL), and the exit codes
// (0 done, 1 refused, 2 usage). The one-time password goes alone to stdout, messages to stderr,
// so a script can capture it; with PGlite, stop the server first (one process owns DATA_DIR).
import { openDb } from '@tabayyun/db';
import { loadConfig } from '../config.ts';
import { AppError } from '../errors.ts';
import { createAuditLog } from '../modules/audit/audit.service.ts';
import { parsePasswordClasses } from '../modules/auth/password.ts';
import type { AdminAccountResult, AdminAccountsDeps } from '../modules/users/admin-accounts.ts';

/** A password piped in (`echo … | npm run …`); undefined when stdin is a terminal or empty. */
async function passwordFromStdin(): Promise<string | undefined> {
  if (process.stdin.isTTY) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const firstLine = Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
  return firstLine === '' ? undefined : firstLine;
}

export async function runAdminCommand(
  name: string,
  action: (
    deps: AdminAccountsDeps,
    args: { email: string; password?: string | undefined },
  ) => Promise<AdminAccountResult>,
  describe: (email: string, result: AdminAccountResult) => string,
): Promise<void> {
  const email = process.argv[2];
  if (!email || process.argv.length > 3) {
    process.stderr.write(
      `Usage: npm run ${name} -- <email>\n` +
        'Prints a one-time password, or takes one from stdin when stdin is not a terminal.\n',
    );
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const password = await passwordFromStdin();
  const database = await openDb({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : config.dataDir,
  });
  try {
    const audit = createAuditLog({ db: database.db });
    const policy = {
      minLength: config.PASSWORD_MIN_LENGTH,
      maxLength: config.PASSWORD_MAX_LENGTH,
      classes: parsePasswordClasses(config.PASSWORD_CLASSES),
    };
    const result = await action({ db: database.db, policy, audit }, { email, password });
    process.stderr.write(`${describe(email.trim().toLowerCase(), result)}\n`);
    if (result.generatedPassword) {
      process.stderr.write('One-time password (shown once; it must be changed at the first sign-in):\n');
      process.stdout.write(`${result.generatedPassword}\n`);
    } else {
      process.stderr.write('The password from stdin is one-time: it must be changed at the first sign-in.\n');
    }
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const details = err.details ? ` ${Object.values(err.details).join('; ')}` : '';
    process.stderr.write(`${name}: ${err.message}.${details}\n`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}
