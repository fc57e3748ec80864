// The default driver: files on local disk under DATA_DIR/files. Uploads stream into
// `.staging/<uuid>` (same file system, so the final step is an atomic rename or link), are flushed
// to disk (fsync) before they become visible, and are removed when the stream fails.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type ByteRange,
  ObjectExistsError,
  type StagedObject,
  type StorageDriver,
} from './storage-driver.ts';

const STAGING = '.staging';

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

export function createLocalStorageDriver(rootDir: string): StorageDriver {
  const root = resolve(rootDir);
  const stagingDir = join(root, STAGING);

  /** The absolute path of a key; refuses anything that would resolve outside the root. */
  const pathOf = (key: string): string => {
    if (!key || key.includes('\0') || key.includes('\\') || key.startsWith('/')) {
      throw new Error(`Invalid storage key '${key}'`);
    }
    const full = resolve(root, key);
    if (!full.startsWith(root + sep) || full.startsWith(stagingDir + sep)) {
      throw new Error(`Storage key '${key}' escapes the storage root`);
    }
    return full;
  };

  async function stage(source: Readable | AsyncIterable<Uint8Array>): Promise<StagedObject> {
    await mkdir(stagingDir, { recursive: true });
    const temp = join(stagingDir, randomUUID());
    const hash = createHash('sha256');
    let size = 0;
    const measure = new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    const input = source instanceof Readable ? source : Readable.from(source, { objectMode: false });
    try {
      // flush: fsync before close, so a committed file is on disk, not only in the page cache.
      await pipeline(input, measure, createWriteStream(temp, { flags: 'wx', mode: 0o644, flush: true }));
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
    let settled = false;
    return {
      size,
      sha256: hash.digest('hex'),
      async commit(key, opts) {
        const dest = pathOf(key);
        await mkdir(dirname(dest), { recursive: true });
        if (opts.overwrite) {
          await rename(temp, dest);
        } else {
          // link() fails with EEXIST instead of replacing: an atomic "create if absent".
          try {
            await link(temp, dest);
          } catch (err) {
            if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new ObjectExistsError(key);
            throw err;
          }
          await unlink(temp);
        }
        settled = true;
      },
      async discard() {
        if (settled) return;
        settled = true;
        await rm(temp, { force: true });
      },
    };
  }

  async function* walk(dir: string): AsyncGenerator<string> {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      if (isMissing(err)) return;
      throw err;
    }
    for (const entry of entries) {
      const full = join(dir, entry.name);
      if (full === stagingDir) continue;
      if (entry.isDirectory()) yield* walk(full);
      else if (entry.isFile()) yield relative(root, full).split(sep).join('/');
    }
  }

  return {
    stage,
    async put(key, source) {
      const staged = await stage(source);
      try {
        await staged.commit(key, { overwrite: true });
      } finally {
        await staged.discard();
      }
      return { size: staged.size, sha256: staged.sha256 };
    },
    async get(key, range?: ByteRange) {
      const file = pathOf(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return undefined;
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
      return createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },
    async stat(key) {
      try {
        const info = await stat(pathOf(key));
        return info.isFile() ? { size: info.size, modifiedAt: info.mtime } : undefined;
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },
    async exists(key) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },
    async delete(key) {
      try {
        await unlink(pathOf(key));
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },
    list(prefix) {
      const dir = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
      return walk(dir ? pathOf(dir) : root);
    },
    async sweepStaging(olderThanMs) {
      let removed = 0;
      const cutoff = Date.now() - olderThanMs;
      let names: string[];
      try {
        names = await readdir(stagingDir);
      } catch (err) {
        if (isMissing(err)) return 0;
        throw err;
      }
      for (const name of names) {
        const file = join(stagingDir, name);
        const info = await stat(file).catch(() => undefined);
        if (info && info.mtimeMs < cutoff) {
          await rm(file, { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}
