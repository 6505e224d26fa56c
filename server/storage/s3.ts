/**
 * Files in S3-compatible object storage (`@aws-sdk/client-s3`): `<prefix><key>` in one bucket.
 * A put resolves once the storage has acknowledged the object. Checksums are sent only where the
 * API requires them, so that S3-compatible servers without the newer trailing checksums work.
 */
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { checkKey, guarded, type FileStore, type StoredFile } from './index.ts';

export interface S3Options {
  bucket: string;
  /** Prepended to every key (e.g. `resumes/`). */
  prefix: string;
  /** An S3-compatible endpoint (MinIO, R2, …); AWS when unset. */
  endpoint: string | undefined;
  region: string;
  /** Path-style URLs (`endpoint/bucket/key`), which most S3-compatible servers need. */
  forcePathStyle: boolean;
  /** Credentials; unset, the SDK's usual chain (AWS_* variables, profiles, instance roles). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
}

export class S3FileStore implements FileStore {
  readonly kind = 's3';
  private readonly client: S3Client;

  constructor(private readonly options: S3Options) {
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(options.accessKeyId && options.secretAccessKey
        ? {
            credentials: {
              accessKeyId: options.accessKeyId,
              secretAccessKey: options.secretAccessKey,
            },
          }
        : {}),
    });
  }

  private objectKey(key: string): string {
    return `${this.options.prefix}${checkKey(key)}`;
  }

  async put(key: string, data: Buffer): Promise<void> {
    await guarded(() =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.options.bucket,
          Key: this.objectKey(key),
          Body: data,
          ContentLength: data.length,
          ContentType: 'application/octet-stream',
        }),
      ),
    );
  }

  async get(key: string): Promise<StoredFile | null> {
    return guarded(async () => {
      try {
        const object = await this.client.send(
          new GetObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }),
        );
        if (!object.Body) return null;
        return { size: object.ContentLength ?? 0, body: object.Body as Readable };
      } catch (err) {
        if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') {
          return null;
        }
        throw err;
      }
    });
  }

  async delete(keys: readonly string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 1000) {
      const objects = keys.slice(i, i + 1000).map((k) => ({ Key: this.objectKey(k) }));
      const result = await guarded(() =>
        this.client.send(
          new DeleteObjectsCommand({
            Bucket: this.options.bucket,
            Delete: { Objects: objects, Quiet: true },
          }),
        ),
      );
      if (result.Errors?.length) {
        throw new Error(`File storage refused ${result.Errors.length} deletion(s)`);
      }
    }
  }

  async *list(before: Date): AsyncIterable<string[]> {
    let token: string | undefined;
    do {
      const page = await guarded(() =>
        this.client.send(
          new ListObjectsV2Command({
            Bucket: this.options.bucket,
            Prefix: this.options.prefix,
            ContinuationToken: token,
          }),
        ),
      );
      const keys = (page.Contents ?? [])
        .filter((o) => o.Key && o.LastModified && o.LastModified < before)
        .map((o) => o.Key!.slice(this.options.prefix.length));
      if (keys.length > 0) yield keys;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
