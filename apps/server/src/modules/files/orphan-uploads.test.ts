import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock } from '../../lib/clock.ts';
import { createDiskStorage, createS3Storage, type Storage } from '../../lib/storage.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { world, type World } from '../../test/world.ts';
import { createFilesRepo } from './files.repo.ts';
import { createFilesService } from './files.service.ts';
import { sweepOrphanUploads } from './orphan-uploads.ts';

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(300, 32), Buffer.from('\n%%EOF\n')]);
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(100, 7)]);
const HOUR = 3_600_000;
const clock = createClock('UTC');

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = world(t);
});
afterAll(() => t.close());

const listKeys = async (storage: Storage) => {
  const keys: string[] = [];
  for await (const { key } of storage.list()) keys.push(key);
  return keys.sort();
};

/** A student with a resume and a picture stored through the files service, as an upload does. */
async function studentWithFiles(storage: Storage) {
  const filesService = createFilesService({
    filesRepo: createFilesRepo(t.db),
    storage,
    recordViewsService: { record: async () => {} } as never,
  });
  const { id } = await w.student();
  await filesService.replaceResume(id, PDF);
  await filesService.replacePicture(id, PNG);
  // Replacing the resume deletes the first one: only the current files are named by a record.
  await filesService.replaceResume(id, PDF);
  return { id, named: await listKeys(storage) };
}

describe('the sweep of uploads, on disk', () => {
  it('removes old files no record names and old unfinished writes, and keeps the rest', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-sweep-'));
    try {
      const storage = createDiskStorage(root);
      const { id, named } = await studentWithFiles(storage);
      expect(named).toHaveLength(2);
      const oldOrphan = `${id}/resume-00000000000000aa.pdf`;
      const youngOrphan = `${id}/resume-00000000000000bb.pdf`;
      await storage.put(oldOrphan, PDF, 'application/pdf');
      await storage.put(youngOrphan, PDF, 'application/pdf');
      const oldTemp = path.join(root, id, `.resume-00000000000000cc.pdf.${crypto.randomUUID()}.tmp`);
      const youngTemp = path.join(root, id, `.resume-00000000000000dd.pdf.${crypto.randomUUID()}.tmp`);
      await fs.writeFile(oldTemp, PDF.subarray(0, 100));
      await fs.writeFile(youngTemp, PDF.subarray(0, 100));
      const twoHoursAgo = new Date(Date.now() - 2 * HOUR);
      for (const file of [...named.map((k) => path.join(root, k)), path.join(root, oldOrphan), oldTemp]) {
        await fs.utimes(file, twoHoursAgo, twoHoursAgo);
      }

      const result = await sweepOrphanUploads({ storage, filesRepo: createFilesRepo(t.db), clock });

      expect(result).toEqual({ orphans: 1, unfinished: 1 });
      expect(await listKeys(storage)).toEqual([...named, youngOrphan].sort());
      const left = await fs.readdir(path.join(root, id));
      expect(left).toContain(path.basename(youngTemp));
      expect(left).not.toContain(path.basename(oldTemp));
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });

  it('has nothing to do on a folder that does not exist yet', async () => {
    const storage = createDiskStorage(path.join(os.tmpdir(), `portal-sweep-missing-${Date.now()}`));
    expect(await sweepOrphanUploads({ storage, filesRepo: createFilesRepo(t.db), clock })).toEqual({
      orphans: 0,
      unfinished: 0,
    });
  });
});

describe('the sweep of uploads, in an S3 bucket (s3rver on loopback)', () => {
  const bucket = 'portal-sweep';
  let directory: string;
  let server: S3rver;
  let storage: Storage;

  beforeAll(async () => {
    directory = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-sweep-s3-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket, configs: [] }],
    });
    const { port } = await server.run();
    storage = createS3Storage({
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      forcePathStyle: true,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    });
  });
  afterAll(async () => {
    await server.close();
    await fs.rm(directory, { recursive: true, force: true });
  });

  it('lists the bucket, leaves young files alone and removes old ones no record names', async () => {
    const { id, named } = await studentWithFiles(storage);
    const orphan = `${id}/picture-00000000000000ee.png`;
    await storage.put(orphan, PNG, 'image/png');
    const filesRepo = createFilesRepo(t.db);

    // Everything was written just now: an upload could still be pointing its record at it.
    expect(await sweepOrphanUploads({ storage, filesRepo, clock })).toEqual({ orphans: 0, unfinished: 0 });
    expect(await listKeys(storage)).toEqual([...named, orphan].sort());

    // Two hours on, the orphan goes and the named files stay.
    const later = createClock('UTC', () => new Date(Date.now() + 2 * HOUR));
    expect(await sweepOrphanUploads({ storage, filesRepo, clock: later })).toEqual({
      orphans: 1,
      unfinished: 0,
    });
    expect(await listKeys(storage)).toEqual(named);
  });
});
