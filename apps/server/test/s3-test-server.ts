// A real S3-compatible server over HTTP for tests: s3rver (npm) on a free port, keeping its
// objects in a temporary directory. It checks the protocol's shape (XML, ranges, multipart,
// copy, listing) but not signatures or conditional writes: docs/decisions/017 lists what not.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export interface TestS3Server {
  endpoint: string;
  /** Creates a fresh bucket (3–63 lowercase characters) and answers its name. */
  createBucket(prefix?: string): Promise<string>;
  /** The environment of a server storing files in `bucket`. */
  env(bucket: string): Record<string, string>;
  close(): Promise<void>;
}

// s3rver accepts any key pair; these are its documented defaults.
export const S3_TEST_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
let bucketCounter = 0;

export async function startS3Server(): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'tabayyun-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const admin = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: S3_TEST_KEYS,
  });
  return {
    endpoint,
    async createBucket(prefix = 'test') {
      const name = `${prefix}-${process.pid}-${++bucketCounter}-${Date.now().toString(36)}`;
      await admin.send(new CreateBucketCommand({ Bucket: name }));
      return name;
    },
    env: (bucket) => ({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3_TEST_KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_TEST_KEYS.secretAccessKey,
    }),
    async close() {
      admin.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
