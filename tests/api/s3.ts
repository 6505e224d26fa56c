/**
 * A local S3-compatible server for the tests (s3rver: the S3 REST API over files in a temp
 * folder, on 127.0.0.1 and a free port), with the bucket `resumes` made, and the storage
 * options that point the app at it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { S3Options } from '../../server/storage/s3.ts';

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: Array<{ name: string }>;
}) => S3rverInstance;

const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

export const S3_BUCKET = 'resumes';

export interface LocalS3 {
  options: S3Options;
  stop(): Promise<void>;
}

/** Starts the server; `port` 0 picks a free one (give the same port again to restart it). */
export async function startS3(
  port = 0,
  directory?: string,
): Promise<LocalS3 & { port: number; directory: string }> {
  const dir = directory ?? fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: S3_BUCKET }],
  });
  const address = await server.run();
  return {
    port: address.port,
    directory: dir,
    options: {
      bucket: S3_BUCKET,
      prefix: 'test/',
      endpoint: `http://127.0.0.1:${address.port}`,
      region: 'us-east-1',
      forcePathStyle: true,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    },
    async stop() {
      await server.close();
    },
  };
}
