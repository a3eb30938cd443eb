import { createHash } from 'node:crypto';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.ts';
import type { BucketId } from './buckets.ts';
import { assertSafeKey, contentTypeOfKey } from './keys.ts';
import type { ObjectStore, StoredObject } from './store.ts';

/** One real S3 bucket; Frosted's bucket ids are key prefixes in it (`<bucket>/<key>`). */
export function createS3Store(config: S3Config): ObjectStore {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Many S3-compatible services reject the SDK's newer default checksums; send them only when required.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  const objectKey = (bucket: BucketId, key: string) => {
    assertSafeKey(key);
    return `${bucket}/${key}`;
  };

  return {
    kind: 's3',

    async put(bucket, key, body, contentType) {
      if (contentType !== contentTypeOfKey(key))
        throw new Error(`content type ${contentType} does not match the key ${key}`);
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: objectKey(bucket, key),
          Body: body,
          ContentType: contentType,
          ContentLength: body.byteLength,
        }),
      );
    },

    async get(bucket, key): Promise<StoredObject | null> {
      try {
        const res = await client.send(
          new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(bucket, key) }),
        );
        if (!res.Body) return null;
        const body = await res.Body.transformToByteArray();
        return {
          body,
          // Like the local driver, serve the type our key names, whatever metadata the object carries.
          contentType: contentTypeOfKey(key),
          size: body.byteLength,
          etag: res.ETag ?? `"${createHash('sha1').update(body).digest('base64url')}"`,
        };
      } catch (err) {
        if (
          err instanceof NoSuchKey ||
          (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404)
        )
          return null;
        throw err;
      }
    },

    async delete(bucket, key) {
      // S3 answers 204 for a key that does not exist, so a missing object needs no special case.
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: objectKey(bucket, key) }));
    },
  };
}
