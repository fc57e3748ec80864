// Starts the product: configuration, database (migrated on open), demo content on the first
// start of an empty database, then listen. SIGTERM/SIGINT stop accepting, let in-flight requests
// finish, and close the database.
import { openDb } from '@tabayyun/db';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { isEmptyDatabase } from './modules/seed/empty-database.ts';

const config = loadConfig();
const database = await openDb({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : config.dataDir,
});
const app = await buildApp({ config, database, site: true });

// Instances started together on one empty database take these steps one at a time (issue 14):
// the second finds the super-admin and the demo content already there.
await database.exclusive('tabayyun:first-start', async () => {
  // The first super-admin (CONTRACT.md): a generated password is printed once and must be changed.
  const firstAdmin = await app.identity.auth.ensureSuperAdmin({
    email: config.ADMIN_EMAIL,
    password: config.ADMIN_PASSWORD,
  });
  if (firstAdmin.created) {
    // The generated password is in the message: the log scrubs fields named like credentials.
    app.log.warn(
      { email: config.ADMIN_EMAIL },
      firstAdmin.password
        ? `created the first super-admin; one-time password: ${firstAdmin.password} (sign in and change it)`
        : 'created the first super-admin; sign in and change the password',
    );
  }

  if (config.SEED_DEMO && (await isEmptyDatabase(database.db))) {
    const { seedDemoContent } = await import('./modules/seed/seed.service.ts');
    const report = await seedDemoContent({ db: database.db, resources: app.services.resources });
    app.log.info({ created: report.created }, 'seeded demo content into the empty database');
  }
});

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  const force = setTimeout(() => {
    app.log.error('in-flight requests did not finish in time; exiting');
    process.exit(1);
  }, config.SHUTDOWN_GRACE_S * 1000);
  force.unref();
  try {
    await app.close();
    await database.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.PORT, host: config.HOST });
app.log.info({ database: database.kind, dataDir: config.dataDir }, `${config.PRODUCT_NAME} is ready`);
