// One suite for every storage driver (docs/decisions/007, 017): the disk driver on a temporary
// directory and the S3 driver against a real S3-compatible server over HTTP (s3rver on a free
// port). Both must give the same answers, byte for byte.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorageDriver } from '../src/modules/files/local-storage-driver.ts';
import { createS3StorageDriver } from '../src/modules/files/s3-storage-driver.ts';
import { ObjectExistsError, type StorageDriver } from '../src/modules/files/storage-driver.ts';
import { S3_TEST_KEYS, startS3Server, type TestS3Server } from './s3-test-server.ts';

const source = (...chunks: (string | Buffer)[]) =>
  (async function* () {
    for (const c of chunks) yield Buffer.from(c);
  })();
const read = async (driver: StorageDriver, key: string, range?: { start: number; end: number }) => {
  const stream = await driver.get(key, range);
  return stream ? (await buffer(stream)).toString() : undefined;
};
const keysOf = async (driver: StorageDriver, prefix: string) => {
  const keys: string[] = [];
  for await (const k of driver.list(prefix)) keys.push(k);
  return keys.sort();
};
/** 5 MiB parts: the smallest S3 takes, so a 12 MiB file exercises a three-part upload. */
const PART = 5 * 1024 * 1024;

interface DriverUnderTest {
  driver: StorageDriver;
  /** Keys the driver stores outside the visible namespace (staging), to prove nothing is left. */
  stagingCount(): Promise<number>;
  cleanup(): Promise<void>;
}

function driverSuite(name: string, make: () => Promise<DriverUnderTest>) {
  describe(`${name} storage driver`, () => {
    let t: DriverUnderTest;
    let driver: StorageDriver;
    beforeAll(async () => {
      t = await make();
      driver = t.driver;
    });
    afterAll(async () => t?.cleanup());

    it('refuses keys that leave its root', async () => {
      for (const key of ['../x', 'a/../../x', '/etc/passwd', '.staging/x', 'a\\b', '', 'a\0b']) {
        await expect(driver.get(key), key).rejects.toThrow();
        await expect(driver.stat(key), key).rejects.toThrow();
        await expect(driver.delete(key), key).rejects.toThrow();
      }
      const staged = await driver.stage(source('x'));
      await expect(staged.commit('../escape.txt', { overwrite: true })).rejects.toThrow();
      await staged.discard();
    });

    it('stages, commits once without overwrite, and serves the exact bytes and ranges', async () => {
      const staged = await driver.stage(source('hello ', 'world'));
      expect(staged.size).toBe(11);
      expect(staged.sha256).toBe(createHash('sha256').update('hello world').digest('hex'));
      expect(await driver.exists('a/b.txt')).toBe(false);
      await staged.commit('a/b.txt', { overwrite: false });
      await staged.discard(); // safe after commit
      expect(await read(driver, 'a/b.txt')).toBe('hello world');
      expect(await read(driver, 'a/b.txt', { start: 6, end: 10 })).toBe('world');
      expect(await read(driver, 'a/b.txt', { start: 0, end: 0 })).toBe('h');
      const stat = await driver.stat('a/b.txt');
      expect(stat?.size).toBe(11);
      expect(stat?.modifiedAt.getTime()).toBeGreaterThan(Date.now() - 5 * 60_000);

      const again = await driver.stage(source('other'));
      const clash = again.commit('a/b.txt', { overwrite: false });
      await expect(clash).rejects.toBeInstanceOf(ObjectExistsError);
      await expect(clash).rejects.toThrow(/already exists/);
      await again.discard();
      expect(await read(driver, 'a/b.txt')).toBe('hello world');

      const replace = await driver.stage(source('replaced'));
      await replace.commit('a/b.txt', { overwrite: true });
      expect(await read(driver, 'a/b.txt')).toBe('replaced');
      expect(await t.stagingCount()).toBe(0);
    });

    it('answers undefined, false and nothing for keys that do not exist', async () => {
      expect(await driver.get('none/x.bin')).toBeUndefined();
      expect(await driver.stat('none/x.bin')).toBeUndefined();
      expect(await driver.exists('none/x.bin')).toBe(false);
      expect(await driver.delete('none/x.bin')).toBe(false);
      expect(await keysOf(driver, 'none/')).toEqual([]);
    });

    it('keeps Arabic and spaced names, lists by folder and deletes', async () => {
      const key = 'أخبار/صورة الغلاف.txt';
      await driver.put(key, source('عربي'));
      await driver.put('أخبار/sub/deep.txt', source('d'));
      await driver.put('other/x.txt', source('o'));
      expect(await read(driver, key)).toBe('عربي');
      expect(await keysOf(driver, 'أخبار/')).toEqual(['أخبار/sub/deep.txt', key].sort());
      expect(await keysOf(driver, 'أخبار/sub/')).toEqual(['أخبار/sub/deep.txt']);
      expect(await driver.delete(key)).toBe(true);
      expect(await driver.delete(key)).toBe(false);
      expect(await driver.exists(key)).toBe(false);
      expect(await keysOf(driver, 'أخبار/')).toEqual(['أخبار/sub/deep.txt']);
    });

    it('put overwrites derived objects and reports size and hash', async () => {
      const first = await driver.put('_v/a/b.txt/1-640.webp', source('one'));
      expect(first).toEqual({ size: 3, sha256: createHash('sha256').update('one').digest('hex') });
      await driver.put('_v/a/b.txt/1-640.webp', Readable.from([Buffer.from('two!')]));
      expect(await read(driver, '_v/a/b.txt/1-640.webp')).toBe('two!');
      expect((await driver.stat('_v/a/b.txt/1-640.webp'))?.size).toBe(4);
    });

    it('streams a large file in parts and reads any range of it', async () => {
      const bytes = randomBytes(12 * 1024 * 1024 + 123);
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += 64 * 1024) chunks.push(bytes.subarray(i, i + 64 * 1024));
      const staged = await driver.stage(Readable.from(chunks));
      expect(staged.size).toBe(bytes.length);
      expect(staged.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
      await staged.commit('big/file.bin', { overwrite: false });
      const whole = await driver.get('big/file.bin');
      expect(whole && (await buffer(whole)).equals(bytes)).toBe(true);
      const start = PART - 10;
      const end = 2 * PART + 10; // across two part boundaries
      const slice = await driver.get('big/file.bin', { start, end });
      expect(slice && (await buffer(slice)).equals(bytes.subarray(start, end + 1))).toBe(true);
      expect(await t.stagingCount()).toBe(0);
    });

    it('leaves nothing behind when the source stream fails, and discards staged bytes', async () => {
      const failing = (async function* () {
        yield randomBytes(PART + 1000); // far enough for the S3 driver to start a multipart upload
        yield randomBytes(1000);
        throw new Error('client went away');
      })();
      await expect(driver.stage(failing)).rejects.toThrow('client went away');
      expect(await t.stagingCount()).toBe(0);
      const staged = await driver.stage(source('discard me'));
      expect(await t.stagingCount()).toBe(1);
      await staged.discard();
      await staged.discard();
      expect(await t.stagingCount()).toBe(0);
      expect(await keysOf(driver, '')).not.toContain(expect.stringContaining('discard'));
    });

    it('sweeps staging leftovers older than the cut-off only', async () => {
      const leftover = await driver.stage(source('crash leftover'));
      expect(await driver.sweepStaging(60 * 60_000)).toBe(0);
      expect(await t.stagingCount()).toBe(1);
      // Object dates have a one-second resolution on S3: wait past it, then sweep with a cut-off of 0.
      await new Promise((r) => setTimeout(r, 1100));
      expect(await driver.sweepStaging(0)).toBe(1);
      expect(await t.stagingCount()).toBe(0);
      await leftover.discard();
    });

    it('never lists staging objects', async () => {
      const staged = await driver.stage(source('hidden'));
      const all = await keysOf(driver, '');
      expect(all.some((k) => k.startsWith('.staging'))).toBe(false);
      expect(all).toContain('a/b.txt');
      await staged.discard();
    });
  });
}

driverSuite('disk', async () => {
  const root = mkdtempSync(join(tmpdir(), 'tabayyun-driver-'));
  const files = join(root, 'files');
  const { readdir } = await import('node:fs/promises');
  return {
    driver: createLocalStorageDriver(files),
    // Files only: each process stages in its own folder under .staging (ADR 018).
    stagingCount: async () =>
      (
        await readdir(join(files, '.staging'), { recursive: true, withFileTypes: true }).catch(() => [])
      ).filter((entry) => entry.isFile()).length,
    cleanup: async () => rmSync(root, { recursive: true, force: true }),
  };
});

let s3: TestS3Server | undefined;
driverSuite('s3', async () => {
  s3 = await startS3Server();
  const bucket = await s3.createBucket('driver');
  const driver = createS3StorageDriver({
    bucket,
    endpoint: s3.endpoint,
    region: 'us-east-1',
    ...S3_TEST_KEYS,
    forcePathStyle: true,
    partSize: PART,
  });
  const { ListObjectsV2Command, S3Client } = await import('@aws-sdk/client-s3');
  const raw = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: S3_TEST_KEYS,
  });
  return {
    driver,
    stagingCount: async () =>
      (await raw.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: '.staging/' }))).KeyCount ?? 0,
    cleanup: async () => {
      driver.destroy();
      raw.destroy();
      await s3?.close();
    },
  };
});

describe('s3 driver start-up check', () => {
  it('names a missing bucket, answers 503 when the storage is down, and the configuration refuses s3 without a bucket', async () => {
    const server = await startS3Server();
    try {
      const driver = createS3StorageDriver({
        bucket: 'no-such-bucket',
        endpoint: server.endpoint,
        region: 'us-east-1',
        ...S3_TEST_KEYS,
        forcePathStyle: true,
      });
      await expect(driver.verify()).rejects.toThrow(/bucket 'no-such-bucket' does not exist/);
      driver.destroy();
    } finally {
      await server.close();
    }
    // A storage that does not answer is a 503 for clients (SERVICE_UNAVAILABLE), not a 500.
    const { createServer } = await import('node:net');
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as { port: number }).port;
    await new Promise((r) => closed.close(r));
    const down = createS3StorageDriver({
      bucket: 'any-bucket',
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      ...S3_TEST_KEYS,
      forcePathStyle: true,
    });
    await expect(down.get('a/b.txt')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', statusCode: 503 });
    await expect(down.stage(source('x'))).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    await expect(down.get('../x')).rejects.toThrow(/escapes the storage root/);
    await expect(down.verify()).rejects.toThrow(/cannot be reached/);
    down.destroy();

    const { loadConfig } = await import('../src/config.ts');
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', APP_SECRET: 'x'.repeat(32) })).toThrow(
      /S3_BUCKET: required when STORAGE_DRIVER=s3/,
    );
    expect(() =>
      loadConfig({
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'media',
        S3_ACCESS_KEY_ID: 'k',
        APP_SECRET: 'x'.repeat(32),
      }),
    ).toThrow(/set both, or neither/);
    expect(() => loadConfig({ STORAGE_DRIVER: 'ftp', APP_SECRET: 'x'.repeat(32) })).toThrow(/STORAGE_DRIVER/);
  });
});
