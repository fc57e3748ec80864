// Files (issue 4): uploads, serving, listing and image variants. Bytes go through one StorageDriver
// (local disk in DATA_DIR/files by default), records live in the `storage` table, and every route
// asks the one access guard (docs/decisions/007-file-storage.md).
import type { FastifyInstance } from 'fastify';
import { createRegistry } from '../content/registry.ts';
import type { ModuleContext } from '../module-context.ts';
import { createResourceService } from '../resources/resources.service.ts';
import { createFilePolicy, type FilePolicy } from './file-policy.ts';
import { registerFileRoutes, registerStorageApiRoutes } from './files.routes.ts';
import { createFilesService, type FilesService } from './files.service.ts';
import { storageResource } from './storage.resource.ts';
import type { StorageDriver } from './storage-driver.ts';
import { createConfiguredStorage } from './storage-drivers.ts';
import { createVariantService, type VariantService } from './variants.service.ts';

export { storageResource } from './storage.resource.ts';

export interface FilesModule {
  service: FilesService;
  variants: VariantService;
  driver: StorageDriver;
  policy: FilePolicy;
}

declare module 'fastify' {
  interface FastifyInstance {
    files: FilesModule;
  }
}

/** Staging objects older than this are leftovers of a crash. */
const STALE_STAGING_MS = 60 * 60_000;

export async function registerFiles(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const { config, database, services } = ctx;
  const policy = createFilePolicy({
    maxSize: config.FILES_MAX_SIZE,
    folderRules: config.FILES_FOLDER_RULES,
    protectedFolders: config.FILES_PROTECTED,
  });
  const storage = createConfiguredStorage(config);
  const { driver } = storage;
  const variants = createVariantService(driver);
  const service = createFilesService({
    db: database.db,
    driver,
    guard: services.guard,
    policy,
    variants,
    storageBase: config.STORAGE_BASE,
    recordsPath: `${config.API_BASE}/storage`,
  });
  // The generic read path (guard, selectors, query compiler) over file records only: storage is
  // not in the content registry, so no generic write route can touch records behind the files.
  const listing = createResourceService({
    db: database.db,
    registry: createRegistry([storageResource]),
    guard: services.guard,
    apiBase: config.API_BASE,
  });
  app.decorate('files', { service, variants, driver, policy });
  app.addHook('onReady', async () => {
    // A bucket that is missing or refuses the keys stops the start with a readable message.
    await storage.verify();
    const removed = await driver.sweepStaging(STALE_STAGING_MS);
    if (removed > 0) app.log.info({ removed }, 'removed stale upload staging files');
  });
  app.addHook('onClose', async () => storage.close());

  await app.register(
    (scope) =>
      registerFileRoutes(scope, {
        files: service,
        listing,
        largestMaxSize: policy.largestMaxSize,
      }),
    { prefix: config.STORAGE_BASE },
  );
  await app.register(async (api) => registerStorageApiRoutes(api, listing), { prefix: config.API_BASE });
}
