// Where file bytes live. The files service speaks only this interface, so the local disk driver
// (the default) and the S3-compatible driver are interchangeable (docs/decisions/007, 017).
//
// Keys are relative, slash-separated and already validated by the service (`news-feed/x.jpg`,
// `_v/news-feed/x.jpg/ab12…-640.webp`); a driver still refuses any key that would leave its root.
//
// Drivers: local-storage-driver.ts (disk, the default) and s3-storage-driver.ts (S3-compatible,
// STORAGE_DRIVER=s3, docs/decisions/017); storage-drivers.ts picks one. Both pass the same suite
// (apps/server/test/storage-driver.test.ts). On S3:
//   stage     PutObject, or a multipart upload, to `.staging/<uuid>`; size and SHA-256 computed while streaming
//   commit    CopyObject to the key (with `If-None-Match: *` and a HEAD check unless overwriting), then
//             delete the staging object; an existing key becomes ObjectExistsError
//   discard   DeleteObject of the staging object (plus a bucket lifecycle rule on `.staging/`)
//   get       GetObject with `Range: bytes=start-end`; stat HeadObject; list ListObjectsV2(prefix)
import type { Readable } from 'node:stream';

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
}

export interface ObjectStat {
  size: number;
  modifiedAt: Date;
}

/** Bytes written where no reader can see them yet; exactly one of commit or discard follows. */
export interface StagedObject {
  readonly size: number;
  /** SHA-256 of the content, hex. */
  readonly sha256: string;
  /** Makes the bytes visible under `key`; without overwrite an existing key is an ObjectExistsError. */
  commit(key: string, opts: { overwrite: boolean }): Promise<void>;
  /** Removes the staged bytes; safe to call twice or after commit. */
  discard(): Promise<void>;
}

export interface StorageDriver {
  /** Streams `source` to a staging object; if the stream fails, nothing is left behind. */
  stage(source: Readable | AsyncIterable<Uint8Array>): Promise<StagedObject>;
  /** stage + commit (overwriting): for derived objects such as image variants. */
  put(key: string, source: Readable | AsyncIterable<Uint8Array>): Promise<{ size: number; sha256: string }>;
  /** The bytes of `key` (a range when given); undefined when the key does not exist. */
  get(key: string, range?: ByteRange): Promise<Readable | undefined>;
  stat(key: string): Promise<ObjectStat | undefined>;
  exists(key: string): Promise<boolean>;
  /** True when something was deleted. */
  delete(key: string): Promise<boolean>;
  /** Every key under `prefix` (a folder-like prefix ending in `/`). */
  list(prefix: string): AsyncIterable<string>;
  /** Removes staging objects older than `olderThanMs` (left by a crash); answers how many. */
  sweepStaging(olderThanMs: number): Promise<number>;
}

export class ObjectExistsError extends Error {
  readonly key: string;

  constructor(key: string) {
    super(`An object already exists at '${key}'`);
    this.name = 'ObjectExistsError';
    this.key = key;
  }
}
