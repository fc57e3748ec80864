// `npm run seed`: loads the demo content into the configured database; safe to run again.
import { openDb } from '@tabayyun/db';
import { loadConfig } from '../config.ts';
import { seedDemoContent } from '../modules/seed/seed.service.ts';
import { buildServices } from '../services.ts';

const config = loadConfig();
const database = await openDb({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : config.dataDir,
});
try {
  const services = buildServices({ config, database });
  const report = await seedDemoContent({ db: database.db, resources: services.resources });
  console.log(JSON.stringify(report, null, 2));
  await services.events.close();
} finally {
  await database.close();
}
