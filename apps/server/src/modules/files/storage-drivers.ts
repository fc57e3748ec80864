// Picks the storage driver from the configuration (STORAGE_DRIVER, ADR 017): the files module, the
// backup and restore commands and the tests all build it here, so they see the same bytes.
import { join } from 'node:path';
import type { Config } from '../../config.ts';
import { createLocalStorageDriver } from './local-storage-driver.ts';
import type { S3DriverOptions, S3StorageDriver } from './s3-storage-driver.ts';
import type { StorageDriver } from './storage-driver.ts';

export interface ConfiguredStorage {
  driver: StorageDriver;
  /** Where the bytes are, for logs and messages (`disk ./data/files`, `s3 bucket at endpoint`). */
  description: string;
  /** Fails with a readable message when the storage cannot be used (called at start). */
  verify(): Promise<void>;
  close(): void;
}

type StorageConfig = Pick<
  Config,
  | 'dataDir'
  | 'STORAGE_DRIVER'
  | 'S3_BUCKET'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

export function createConfiguredStorage(config: StorageConfig): ConfiguredStorage {
  if (config.STORAGE_DRIVER === 's3') {
    // loadConfig refuses s3 without a bucket; this guards callers that build a config by hand.
    if (!config.S3_BUCKET) throw new Error('STORAGE_DRIVER=s3 needs S3_BUCKET');
    const driver = lazyS3Driver({
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE ?? Boolean(config.S3_ENDPOINT),
    });
    return {
      driver,
      description: `s3 bucket '${config.S3_BUCKET}' at ${config.S3_ENDPOINT ?? `AWS ${config.S3_REGION}`}`,
      verify: () => driver.verify(),
      close: () => driver.destroy(),
    };
  }
  const root = join(config.dataDir, 'files');
  return {
    driver: createLocalStorageDriver(root),
    description: `disk ${root}`,
    verify: async () => {},
    close: () => {},
  };
}

/**
 * The S3 driver, its module (the AWS SDK: ~6 MB of live heap) loaded on first use, so a server
 * storing on disk never loads it (ADR 025).
 */
function lazyS3Driver(opts: S3DriverOptions): S3StorageDriver {
  let loaded: S3StorageDriver | undefined;
  let loading: Promise<S3StorageDriver> | undefined;
  const load = () => {
    loading ??= import('./s3-storage-driver.ts').then((module) => {
      loaded = module.createS3StorageDriver(opts);
      return loaded;
    });
    return loading;
  };
  return {
    stage: async (source) => (await load()).stage(source),
    put: async (key, source) => (await load()).put(key, source),
    get: async (key, range) => (await load()).get(key, range),
    stat: async (key) => (await load()).stat(key),
    exists: async (key) => (await load()).exists(key),
    delete: async (key) => (await load()).delete(key),
    async *list(prefix) {
      yield* (await load()).list(prefix);
    },
    sweepStaging: async (olderThanMs) => (await load()).sweepStaging(olderThanMs),
    verify: async () => (await load()).verify(),
    destroy: () => {
      if (loaded) loaded.destroy();
      else void loading?.then((driver) => driver.destroy());
    },
  };
}
