import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type * as AwsS3 from '@aws-sdk/client-s3';

/** Uploaded files (resumes, pictures) behind one small interface: a folder on disk or an S3 bucket. */
export interface Storage {
  /** Stores the bytes under key (overwriting). */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * A readable stream of the file plus its size, or null when there is no such key. The caller
   * must read the stream to the end or destroy it, or its file handle or connection stays open.
   */
  get(key: string): Promise<{ body: NodeJS.ReadableStream; size: number } | null>;
  /** Deletes the key; deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored key with when it was written, for the start-up sweep of files no record names. */
  list(): AsyncIterable<{ key: string; lastModified: Date }>;
  /**
   * Removes what interrupted writes left behind, if written before `before`, and says how many:
   * on disk the temporary files of a put that never reached its rename (a crash); an S3 PUT is
   * all or nothing, so a bucket has none.
   */
  removeUnfinished(before: Date): Promise<number>;
}

/**
 * Segments of letters, digits, '.', '_' and '-' joined by single '/'. A segment may not start
 * with '.', which rules out '.' and '..' and keeps the disk driver's dot-named temp files out of
 * reach of any key. S3 allows keys of up to 1024 bytes.
 */
const SAFE_KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;
const MAX_KEY_LENGTH = 1024;

/** Throws unless key is a relative path that cannot leave its root, on disk or in a bucket. */
function assertSafeKey(key: string): void {
  if (key.length > MAX_KEY_LENGTH || !SAFE_KEY.test(key)) {
    throw new Error(`Unsafe storage key: ${JSON.stringify(key.slice(0, 200))}`);
  }
}

/** The disk driver's temporary name for a file being written: never a valid key (it starts with '.'). */
const TEMP_FILE = /^\..+\.[0-9a-f-]{36}\.tmp$/;

function hasCode(error: unknown, ...codes: string[]): boolean {
  return error instanceof Error && 'code' in error && codes.includes(String(error.code));
}

export function createDiskStorage(rootDir: string): Storage {
  const root = path.resolve(rootDir);
  const rootPrefix = root.endsWith(path.sep) ? root : root + path.sep;

  function fileFor(key: string): string {
    assertSafeKey(key);
    const file = path.join(root, ...key.split('/'));
    // The key check already guarantees this; checked again because escaping the root is the one
    // mistake this driver must never make.
    if (!file.startsWith(rootPrefix)) {
      throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
    }
    return file;
  }

  /** Every regular file under the root, as its path below the root split into segments. */
  async function* walk(
    dir: string,
    segments: string[] = [],
  ): AsyncGenerator<{ file: string; segments: string[] }> {
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (hasCode(error, 'ENOENT')) return;
      throw error;
    }
    for (const entry of entries) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* walk(file, [...segments, entry.name]);
      else if (entry.isFile()) yield { file, segments: [...segments, entry.name] };
    }
  }

  /** The file's modification time, or null when it went away meanwhile. */
  async function modified(file: string): Promise<Date | null> {
    try {
      return (await fs.stat(file)).mtime;
    } catch (error) {
      if (hasCode(error, 'ENOENT')) return null;
      throw error;
    }
  }

  return {
    async *list() {
      for await (const { file, segments } of walk(root)) {
        const key = segments.join('/');
        if (!SAFE_KEY.test(key)) continue; // temporary files and anything that is not ours
        const lastModified = await modified(file);
        if (lastModified) yield { key, lastModified };
      }
    },

    async removeUnfinished(before) {
      let removed = 0;
      for await (const { file, segments } of walk(root)) {
        if (!TEMP_FILE.test(segments.at(-1) ?? '')) continue;
        const lastModified = await modified(file);
        if (!lastModified || lastModified >= before) continue;
        await fs.rm(file, { force: true });
        removed++;
      }
      return removed;
    },

    async put(key, body) {
      const file = fileFor(key);
      const dir = path.dirname(file);
      await fs.mkdir(dir, { recursive: true });
      // Written beside the target then renamed over it: rename is atomic within a file system, so
      // a reader or a crash sees the old file or the whole new one, never half of it.
      const temp = path.join(dir, `.${path.basename(file)}.${randomUUID()}.tmp`);
      try {
        const handle = await fs.open(temp, 'wx');
        try {
          await handle.writeFile(body);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fs.rename(temp, file);
      } catch (error) {
        await fs.rm(temp, { force: true });
        throw error;
      }
    },

    async get(key) {
      const file = fileFor(key);
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(file, 'r');
      } catch (error) {
        if (hasCode(error, 'ENOENT', 'ENOTDIR')) return null;
        throw error;
      }
      try {
        // Sized through the open handle, so a rename in between cannot pair one file's size with
        // another's bytes.
        const stat = await handle.stat();
        if (!stat.isFile()) {
          await handle.close();
          return null;
        }
        return { body: handle.createReadStream(), size: stat.size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async delete(key) {
      const file = fileFor(key);
      try {
        await fs.unlink(file);
      } catch (error) {
        if (!hasCode(error, 'ENOENT', 'ENOTDIR')) throw error;
      }
    },
  };
}

type S3Sdk = typeof AwsS3;
let s3Sdk: Promise<S3Sdk> | undefined;
/**
 * The AWS SDK is loaded when a bucket is first used: it takes a tenth of a second of start-up, and
 * a server storing on disk never needs it (start-up within 3 s, docs/performance.md).
 */
const loadS3Sdk = () => (s3Sdk ??= import('@aws-sdk/client-s3'));

export function createS3Storage(options: {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
}): Storage {
  const { bucket, endpoint, region, accessKeyId, secretAccessKey, forcePathStyle = false } = options;
  let connection: Promise<{ sdk: S3Sdk; client: AwsS3.S3Client }> | undefined;
  /** The SDK and its client, made on the first call. */
  const s3 = () =>
    (connection ??= loadS3Sdk().then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region,
        endpoint,
        forcePathStyle,
        // Without explicit keys the SDK's default chain applies (environment, instance role, ...).
        credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
        // The SDK's default CRC32 checksums are not understood by every S3-compatible server; AWS
        // itself still gets them.
        ...(endpoint && {
          requestChecksumCalculation: 'WHEN_REQUIRED' as const,
          responseChecksumValidation: 'WHEN_REQUIRED' as const,
        }),
      }),
    })));

  /** A missing key, as opposed to a missing bucket or bad credentials, which should surface. */
  function isMissingKey(sdk: S3Sdk, error: unknown): boolean {
    return (
      error instanceof sdk.S3ServiceException &&
      (error.name === 'NoSuchKey' ||
        (error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket'))
    );
  }

  return {
    async put(key, body, contentType) {
      assertSafeKey(key);
      const { sdk, client } = await s3();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
        }),
      );
    },

    async get(key) {
      assertSafeKey(key);
      const { sdk, client } = await s3();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
        // In Node the body is the HTTP response itself, a Readable.
        if (!(object.Body instanceof Readable)) throw new Error('S3 returned no readable body');
        if (object.ContentLength === undefined) {
          object.Body.destroy();
          throw new Error('S3 returned no Content-Length');
        }
        return { body: object.Body, size: object.ContentLength };
      } catch (error) {
        if (isMissingKey(sdk, error)) return null;
        throw error;
      }
    },

    async *list() {
      const { sdk, client } = await s3();
      let token: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified) yield { key: object.Key, lastModified: object.LastModified };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },

    async removeUnfinished() {
      return 0;
    },

    async delete(key) {
      assertSafeKey(key);
      const { sdk, client } = await s3();
      try {
        await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        // S3 itself answers 204 for a missing key; some compatible servers answer 404.
        if (!isMissingKey(sdk, error)) throw error;
      }
    },
  };
}
