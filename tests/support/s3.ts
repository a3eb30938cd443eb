import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { S3Config } from '../../src/server/config.ts';

// s3rver ships no types; this is the part of its API the tests use.
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
}) => S3rverInstance;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

/** A real S3-protocol server (s3rver) on loopback with one empty bucket, and the config that reaches it. */
export async function startS3Server() {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'frosted-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const config: S3Config = {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket: `frosted-test-${crypto.randomUUID().slice(0, 8)}`,
    // s3rver's fixed key pair: it checks request signatures, so the driver really signs them.
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
  };
  const admin = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: config.credentials,
  });
  await admin.send(new CreateBucketCommand({ Bucket: config.bucket }));
  return {
    config,
    /** The server's own view of the bucket, to check what the driver really wrote. */
    admin,
    async close() {
      admin.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
