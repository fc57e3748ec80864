// The S3-compatible driver (docs/decisions/017): files as objects in one bucket, for several
// instances sharing one storage (AWS S3, MinIO, Garage, Ceph RGW, R2, …). Same contract as the
// local disk driver and the same test suite (apps/server/test/storage-driver.test.ts):
//   stage     streams to `.staging/<uuid>`: one PutObject when the bytes fit in one part, else a
//             multipart upload (parts of `partSize`), aborted when the stream fails; size and
//             SHA-256 are computed while streaming
//   commit    CopyObject to the key (with `If-None-Match: *` and a HEAD check first unless
//             overwriting), then DeleteObject of the staging object
//   get/stat  GetObject (with `Range`), HeadObject; list ListObjectsV2 pages; delete HEAD + DELETE
// Keys are refused exactly as the disk driver refuses them (nothing above the root, no staging).
import { createHash, randomUUID } from 'node:crypto';
import { type Readable, Transform } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { AppError } from '../../errors.ts';
import { ObjectExistsError, type StagedObject, type StorageDriver } from './storage-driver.ts';

const STAGING = '.staging/';
/**
 * S3's smallest part (except the last): the bytes an upload holds in memory before they leave, so
 * ten parallel uploads hold about 50 MiB whatever their size (10 000 parts: files up to 48 GiB).
 */
const DEFAULT_PART_SIZE = 5 * 1024 * 1024;

export interface S3DriverOptions {
  bucket: string;
  /** `https://minio.internal:9000`; without it the AWS endpoint of the region. */
  endpoint?: string | undefined;
  region: string;
  /** Without keys the SDK's default chain (environment, instance role, …) supplies credentials. */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** `http://host/bucket/key` instead of `http://bucket.host/key`: what most S3-compatible servers need. */
  forcePathStyle: boolean;
  /** Bytes buffered per multipart part (at least 5 MiB on real S3). */
  partSize?: number;
}

export type S3StorageDriver = StorageDriver & {
  /** Fails with a readable message when the bucket cannot be reached (checked at start). */
  verify(): Promise<void>;
  /** Closes the HTTP connections. */
  destroy(): void;
};

const statusOf = (err: unknown) =>
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const isMissing = (err: unknown) => {
  const name = (err as { name?: string }).name;
  return name === 'NotFound' || name === 'NoSuchKey' || statusOf(err) === 404;
};

/**
 * A storage that cannot be reached (connection refused, timeout, 5xx after the SDK's retries) is a
 * 503 SERVICE_UNAVAILABLE for the client, not a 500; anything else (403, 400) stays a fault.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

function unavailableOr(err: unknown): unknown {
  const e = err as { $metadata?: { httpStatusCode?: number }; code?: string; name?: string };
  const status = e.$metadata?.httpStatusCode;
  const fromSdk = e.$metadata !== undefined;
  if (
    (fromSdk && (status === undefined || status >= 500)) ||
    NETWORK_CODES.has(e.code ?? '') ||
    e.name === 'TimeoutError'
  ) {
    return new AppError('SERVICE_UNAVAILABLE', 'The file storage cannot be reached; try again shortly');
  }
  return err;
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw unavailableOr(err);
  }
}

/** The same refusals as the disk driver: no absolute, empty, dot or back-slashed parts, no staging. */
export function checkKey(key: string): string {
  if (!key || key.includes('\0') || key.includes('\\') || key.startsWith('/')) {
    throw new Error(`Invalid storage key '${key}'`);
  }
  const parts = key.split('/');
  if (parts.some((p) => p === '..' || p === '.' || p === '') || key.startsWith(STAGING)) {
    throw new Error(`Storage key '${key}' escapes the storage root`);
  }
  return key;
}

/** Passes `length` bytes starting at `skip`, then ends (the upstream is destroyed). */
function sliceBytes(skip: number, length: number): Transform {
  let position = 0;
  let sent = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      const from = Math.max(0, skip - position);
      position += chunk.length;
      if (from >= chunk.length || sent >= length) return done();
      const part = chunk.subarray(from, from + (length - sent));
      sent += part.length;
      done(null, part);
    },
  });
}

/** Folder-like prefixes only (`a/b/` or `a/b`); '' is the whole bucket. */
const checkPrefix = (prefix: string) => {
  const trimmed = prefix.replace(/\/+$/, '');
  return trimmed ? `${checkKey(trimmed)}/` : '';
};

export function createS3StorageDriver(opts: S3DriverOptions): S3StorageDriver {
  const { bucket } = opts;
  const partSize = opts.partSize ?? DEFAULT_PART_SIZE;
  const client = new S3Client({
    region: opts.region,
    forcePathStyle: opts.forcePathStyle,
    ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
    ...(opts.accessKeyId && opts.secretAccessKey
      ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } }
      : {}),
    // The SDK's default CRC trailers (aws-chunked bodies) are not understood by every S3-compatible
    // server; bodies here always have a known length and we hash them ourselves.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  const head = async (key: string) => {
    try {
      return await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  };
  const remove = (key: string) => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));

  /** Streams into `key` in parts; returns once the object exists, leaves nothing when it fails. */
  async function upload(
    key: string,
    source: Readable | AsyncIterable<Uint8Array>,
  ): Promise<{ size: number; sha256: string }> {
    const hash = createHash('sha256');
    let size = 0;
    let held: Buffer[] = [];
    let heldSize = 0;
    let uploadId: string | undefined;
    const parts: { ETag: string | undefined; PartNumber: number }[] = [];

    const flushPart = async (body: Buffer) => {
      uploadId ??= (await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key })))
        .UploadId;
      const PartNumber = parts.length + 1;
      const answer = await client.send(
        new UploadPartCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumber, Body: body }),
      );
      parts.push({ ETag: answer.ETag, PartNumber });
    };
    try {
      for await (const chunk of source) {
        const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
        hash.update(bytes);
        size += bytes.length;
        held.push(bytes);
        heldSize += bytes.length;
        while (heldSize >= partSize) {
          const all = Buffer.concat(held);
          await flushPart(all.subarray(0, partSize));
          held = [all.subarray(partSize)];
          heldSize = all.length - partSize;
        }
      }
      const rest = Buffer.concat(held);
      if (uploadId === undefined) {
        await client.send(
          new PutObjectCommand({ Bucket: bucket, Key: key, Body: rest, ContentLength: rest.length }),
        );
      } else {
        if (rest.length > 0) await flushPart(rest);
        await client.send(
          new CompleteMultipartUploadCommand({
            Bucket: bucket,
            Key: key,
            UploadId: uploadId,
            MultipartUpload: { Parts: parts },
          }),
        );
      }
    } catch (err) {
      if (uploadId !== undefined) {
        await client
          .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }))
          .catch(() => {});
      }
      throw err;
    }
    return { size, sha256: hash.digest('hex') };
  }

  async function stage(source: Readable | AsyncIterable<Uint8Array>): Promise<StagedObject> {
    const temp = `${STAGING}${randomUUID()}`;
    const written = await upload(temp, source);
    let settled = false;
    return {
      ...written,
      async commit(key, commitOpts) {
        checkKey(key);
        const copy = {
          Bucket: bucket,
          Key: key,
          // The staging key is ASCII (a UUID), so the copy source needs no escaping.
          CopySource: `${bucket}/${temp}`,
        };
        if (commitOpts.overwrite) {
          await client.send(new CopyObjectCommand(copy));
        } else {
          // If-None-Match makes the copy atomic on S3 itself; the HEAD before it catches servers
          // that ignore the header (a race between two writers is then left to the records'
          // unique path, which the files service inserts first).
          if (await head(key)) throw new ObjectExistsError(key);
          try {
            await client.send(new CopyObjectCommand({ ...copy, IfNoneMatch: '*' }));
          } catch (err) {
            if (statusOf(err) === 412 || (err as { name?: string }).name === 'PreconditionFailed') {
              throw new ObjectExistsError(key);
            }
            throw err;
          }
        }
        settled = true;
        await remove(temp).catch(() => {});
      },
      async discard() {
        if (settled) return;
        settled = true;
        await remove(temp);
      },
    };
  }

  /** Every object under a raw prefix, with its date (ListObjectsV2 pages of up to 1000). */
  async function* listObjects(prefix: string): AsyncGenerator<{ key: string; modifiedAt: Date | undefined }> {
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key, modifiedAt: object.LastModified };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  const driver: StorageDriver = {
    stage,
    async put(key, source) {
      checkKey(key);
      // Derived objects (variants) are written where they go: S3 makes a PUT visible whole or not at all.
      return upload(key, source);
    },
    async get(key, range) {
      checkKey(key);
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        const body = answer.Body as Readable;
        if (!range || answer.ContentRange?.startsWith(`bytes ${range.start}-${range.end}/`)) return body;
        // A server that ignored or changed the range (s3rver answers `bytes=0-0` whole): cut the
        // bytes here, so the route's Content-Length always matches what is sent.
        const offset = /^bytes (\d+)-/.exec(answer.ContentRange ?? '')?.[1];
        return body.pipe(sliceBytes(range.start - Number(offset ?? 0), range.end - range.start + 1));
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },
    async stat(key) {
      const found = await head(checkKey(key));
      return found
        ? { size: found.ContentLength ?? 0, modifiedAt: found.LastModified ?? new Date(0) }
        : undefined;
    },
    async exists(key) {
      return (await head(checkKey(key))) !== undefined;
    },
    async delete(key) {
      if (!(await head(checkKey(key)))) return false;
      await remove(key);
      return true;
    },
    async *list(prefix) {
      for await (const { key } of listObjects(checkPrefix(prefix))) {
        if (!key.startsWith(STAGING)) yield key;
      }
    },
    async sweepStaging(olderThanMs) {
      const cutoff = Date.now() - olderThanMs;
      let removed = 0;
      for await (const { key, modifiedAt } of listObjects(STAGING)) {
        if (modifiedAt && modifiedAt.getTime() < cutoff) {
          await remove(key);
          removed++;
        }
      }
      return removed;
    },
  };

  return {
    stage: (source) =>
      guarded(async () => {
        const staged = await driver.stage(source);
        return {
          size: staged.size,
          sha256: staged.sha256,
          commit: (key, commitOpts) => guarded(() => staged.commit(key, commitOpts)),
          discard: () => guarded(() => staged.discard()),
        };
      }),
    put: (key, source) => guarded(() => driver.put(key, source)),
    get: (key, range) => guarded(() => driver.get(key, range)),
    stat: (key) => guarded(() => driver.stat(key)),
    exists: (key) => guarded(() => driver.exists(key)),
    delete: (key) => guarded(() => driver.delete(key)),
    async *list(prefix) {
      try {
        yield* driver.list(prefix);
      } catch (err) {
        throw unavailableOr(err);
      }
    },
    sweepStaging: (olderThanMs) => guarded(() => driver.sweepStaging(olderThanMs)),
    async verify() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (err) {
        const status = statusOf(err);
        const where = opts.endpoint ?? `AWS region ${opts.region}`;
        throw new Error(
          status === 404
            ? `STORAGE_DRIVER=s3: the bucket '${bucket}' does not exist at ${where}`
            : status === 403
              ? `STORAGE_DRIVER=s3: access to the bucket '${bucket}' at ${where} is denied (check S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY)`
              : `STORAGE_DRIVER=s3: the bucket '${bucket}' at ${where} cannot be reached: ${(err as Error).message || (err as Error).name}`,
          { cause: err },
        );
      }
    },
    destroy: () => client.destroy(),
  };
}
