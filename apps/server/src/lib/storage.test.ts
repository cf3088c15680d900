import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDiskStorage, createS3Storage, type Storage } from './storage.ts';

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

async function readStored(storage: Storage, key: string) {
  const file = await storage.get(key);
  return file && { bytes: await readAll(file.body), size: file.size };
}

const resumeKey = () => `students/${randomUUID()}/resume-${randomBytes(8).toString('hex')}.pdf`;
const pictureKey = () => `accounts/${randomUUID()}/picture-${randomBytes(8).toString('hex')}.png`;

const unsafeKeys = [
  '',
  '/etc/passwd',
  '..',
  '../escaped.txt',
  '../../escaped.txt',
  'students/../../escaped.txt',
  'students/./resume.pdf',
  'students/.hidden',
  'students\\..\\..\\escaped.txt',
  'C:\\escaped.txt',
  'students//resume.pdf',
  '/students/resume.pdf',
  'students/',
  'students/résumé.pdf',
  'students/my resume.pdf',
  'students/resume.pdf\0.png',
  'students/%2e%2e/escaped.txt',
  '~/escaped.txt',
  `students/${'a'.repeat(1100)}.pdf`,
];

/** The behaviour every driver must show; `storage` is read per test, after the hooks ran. */
function behavesLikeStorage(storage: () => Storage) {
  it('gives back the same bytes and size that were put', async () => {
    const key = resumeKey();
    const body = randomBytes(1024 * 1024 + 17);
    await storage().put(key, body, 'application/pdf');
    const stored = await readStored(storage(), key);
    expect(stored?.size).toBe(body.length);
    expect(stored?.bytes.equals(body)).toBe(true);
  });

  it('stores empty files and the key shapes the portal uses', async () => {
    const key = pictureKey();
    await storage().put(key, Buffer.alloc(0), 'image/png');
    expect(await readStored(storage(), key)).toEqual({ bytes: Buffer.alloc(0), size: 0 });
  });

  it('replaces the file when a key is put again', async () => {
    const key = resumeKey();
    await storage().put(key, Buffer.from('the first, longer version of the resume'), 'application/pdf');
    await storage().put(key, Buffer.from('second'), 'application/pdf');
    expect(await readStored(storage(), key)).toEqual({ bytes: Buffer.from('second'), size: 6 });
  });

  it('returns null for a key that was never stored', async () => {
    expect(await storage().get(resumeKey())).toBeNull();
  });

  it('returns null after the key is deleted', async () => {
    const key = resumeKey();
    await storage().put(key, Buffer.from('%PDF-1.7'), 'application/pdf');
    await storage().delete(key);
    expect(await storage().get(key)).toBeNull();
  });

  it('deletes a missing key without complaint', async () => {
    await expect(storage().delete(resumeKey())).resolves.toBeUndefined();
  });

  it('keeps other keys when one is deleted', async () => {
    const kept = resumeKey();
    const deleted = resumeKey();
    await storage().put(kept, Buffer.from('kept'), 'application/pdf');
    await storage().put(deleted, Buffer.from('deleted'), 'application/pdf');
    await storage().delete(deleted);
    expect(await readStored(storage(), kept)).toEqual({ bytes: Buffer.from('kept'), size: 4 });
  });

  it('lists the stored keys with when each was written, and not deleted ones', async () => {
    const before = Date.now() - 2_000;
    const kept = resumeKey();
    const deleted = pictureKey();
    await storage().put(kept, Buffer.from('kept'), 'application/pdf');
    await storage().put(deleted, Buffer.from('gone'), 'image/png');
    await storage().delete(deleted);
    const listed = new Map<string, Date>();
    for await (const { key, lastModified } of storage().list()) listed.set(key, lastModified);
    expect(listed.has(kept)).toBe(true);
    expect(listed.has(deleted)).toBe(false);
    expect(listed.get(kept)!.getTime()).toBeGreaterThan(before);
  });

  it.each(unsafeKeys)('refuses the unsafe key %j for put, get and delete', async (key) => {
    await expect(storage().put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Unsafe storage key/);
    await expect(storage().get(key)).rejects.toThrow(/Unsafe storage key/);
    await expect(storage().delete(key)).rejects.toThrow(/Unsafe storage key/);
  });
}

describe('disk storage', () => {
  let sandbox: string;
  let root: string;
  let storage: Storage;

  beforeEach(async () => {
    sandbox = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-storage-'));
    root = path.join(sandbox, 'uploads');
    storage = createDiskStorage(root);
  });
  afterEach(async () => {
    await fs.rm(sandbox, { recursive: true, force: true });
  });

  behavesLikeStorage(() => storage);

  it('writes the file under the root at the path the key names, creating folders', async () => {
    await storage.put('students/abc/resume-1.pdf', Buffer.from('%PDF-1.7'), 'application/pdf');
    expect(await fs.readFile(path.join(root, 'students', 'abc', 'resume-1.pdf'), 'latin1')).toBe('%PDF-1.7');
  });

  it('leaves no temporary file beside the stored one', async () => {
    await storage.put('students/abc/resume-1.pdf', Buffer.from('one'), 'application/pdf');
    await storage.put('students/abc/resume-1.pdf', Buffer.from('two'), 'application/pdf');
    expect(await fs.readdir(path.join(root, 'students', 'abc'))).toEqual(['resume-1.pdf']);
  });

  it('writes nothing outside the root, whatever the key', async () => {
    const absolute = path.join(sandbox, 'escaped.txt');
    for (const key of [...unsafeKeys, absolute, `../${path.basename(sandbox)}/escaped.txt`]) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Unsafe storage key/);
    }
    expect(await fs.readdir(sandbox, { recursive: true })).toEqual([]);
    expect(await fs.readdir(os.tmpdir())).not.toContain('escaped.txt');
  });

  it('treats a folder as no file', async () => {
    await storage.put('students/abc/resume-1.pdf', Buffer.from('x'), 'application/pdf');
    expect(await storage.get('students/abc')).toBeNull();
    expect(await storage.get('students/abc/resume-1.pdf/more')).toBeNull();
  });
});

describe('S3 storage (against an in-process s3rver on loopback)', () => {
  const bucket = 'portal-uploads';
  // s3rver checks signatures against its fixed development credentials.
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  let directory: string;
  let server: S3rver;
  let endpoint: string;
  let storage: Storage;

  beforeAll(async () => {
    directory = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-s3rver-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket, configs: [] }],
    });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
    storage = createS3Storage({
      bucket,
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      ...credentials,
    });
  });
  afterAll(async () => {
    await server.close();
    await fs.rm(directory, { recursive: true, force: true });
  });

  behavesLikeStorage(() => storage);

  it('records the content type with the object', async () => {
    const key = pictureKey();
    await storage.put(key, Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'image/png');
    const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      await object.Body?.transformToByteArray();
      expect(object.ContentType).toBe('image/png');
    } finally {
      client.destroy();
    }
  });

  it('reports a missing bucket as an error, not as a missing file', async () => {
    const misconfigured = createS3Storage({
      bucket: 'no-such-bucket',
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      ...credentials,
    });
    await expect(misconfigured.get(resumeKey())).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });
});
