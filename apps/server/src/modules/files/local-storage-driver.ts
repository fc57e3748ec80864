// The default driver: files on local disk under DATA_DIR/files. Uploads stream into
// `.staging/<host>.<pid>/<uuid>` (same file system, so the final step is an atomic rename or link),
// are flushed to disk (fsync) before they become visible, and are removed when the stream fails.
// Each process stages in its own folder, so a process starting after a crash removes what a dead
// process on its host left at once, without touching the uploads of a live one (ADR 018).
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
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

/** This process's staging folder name: `<host>.<pid>` (host names hold no `/`). */
const processFolder = (host: string, pid: number) => `${host.replace(/[^A-Za-z0-9_-]/g, '_')}.${pid}`;

/** True when the staging folder `name` belongs to a process of this host that is gone. */
const PROCESS_STARTED_AT = Date.now() - process.uptime() * 1000;

function isDeadProcessFolder(name: string, modifiedAtMs: number): boolean {
  const host = processFolder(hostname(), 0).slice(0, -2);
  const match = /^(.*)\.(\d+)$/.exec(name);
  if (!match || match[1] !== host) return false;
  const pid = Number(match[2]);
  // The same pid as ours: a previous life of this process (a container restarted as pid 1) when
  // the folder was last written before this process started; otherwise it is our own.
  if (pid === process.pid) return modifiedAtMs < PROCESS_STARTED_AT;
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

export function createLocalStorageDriver(rootDir: string): StorageDriver {
  const root = resolve(rootDir);
  const stagingDir = join(root, STAGING);
  const ownStagingDir = join(stagingDir, processFolder(hostname(), process.pid));

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
    await mkdir(ownStagingDir, { recursive: true });
    const temp = join(ownStagingDir, randomUUID());
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
      const cutoff = Date.now() - olderThanMs;
      // A dead process's folder goes whole; elsewhere (a live process, another host sharing the
      // storage, the older flat layout) only what has not been written to for `olderThanMs`.
      const sweep = async (dir: string, all: boolean): Promise<number> => {
        let entries: import('node:fs').Dirent[];
        try {
          entries = await readdir(dir, { withFileTypes: true });
        } catch (err) {
          if (isMissing(err)) return 0;
          throw err;
        }
        let removed = 0;
        for (const entry of entries) {
          const full = join(dir, entry.name);
          if (entry.isDirectory()) {
            const folderInfo = await stat(full).catch(() => undefined);
            const dead =
              dir === stagingDir &&
              folderInfo !== undefined &&
              isDeadProcessFolder(entry.name, folderInfo.mtimeMs);
            removed += await sweep(full, all || dead);
            if (dead) await rm(full, { recursive: true, force: true });
            continue;
          }
          const info = await stat(full).catch(() => undefined);
          if (info && (all || info.mtimeMs < cutoff)) {
            await rm(full, { force: true });
            removed++;
          }
        }
        return removed;
      };
      return sweep(stagingDir, false);
    },
  };
}
