import { readdir } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../../db/raw-rows.ts';
import { createDiskStorage } from '../../lib/storage.ts';
import { insertStudents } from '../../test/bulk-students.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { world, type World } from '../../test/world.ts';
import { PDF } from '../../test/uploads.ts';

const RESUMES = 300;
const RESUME_BYTES = 1_000_000;

let t: TestApp;
let w: World;
let staff: { cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  w = world(t);
  staff = await w.staff();
  await insertStudents(t.db, RESUMES, 'Memory');
  if (t.config.storage.driver !== 'disk') throw new Error('the memory test writes to disk storage');
  const storage = createDiskStorage(t.config.storage.dir);
  const bytes = Buffer.concat([PDF, Buffer.alloc(RESUME_BYTES - PDF.length, 37)]);
  const rows = rowsOf<{ id: string }>(await t.db.execute(sql`select account_id as id from students`));
  for (const { id } of rows) {
    const key = `${id}/resume-${id.replaceAll('-', '').slice(0, 16)}.pdf`;
    await storage.put(key, bytes, 'application/pdf');
    await t.db.execute(sql`update students set resume = ${key} where account_id = ${id}::uuid`);
  }
  await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(() => t.close());

it(`streams ${RESUMES} resumes of 1 MB with the server's memory flat`, async () => {
  const { port } = t.app.server.address() as AddressInfo;
  // Live memory only: garbage is collected before each sample, so what is measured is what the
  // server holds while it streams, whenever the collector would have run on its own.
  const gc = global.gc;
  if (!gc) throw new Error('run with --expose-gc (vitest.config.ts execArgv)');
  const live = () => {
    gc();
    const m = process.memoryUsage();
    return { heap: m.heapUsed, buffers: m.arrayBuffers };
  };
  const before = live();
  let peakHeap = before.heap;
  let peakBuffers = before.buffers;
  const received = await new Promise<number>((resolve, reject) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/college-staff/students/resumeBook?search=memory',
        headers: { cookie: staff.cookie },
      },
      (response) => {
        expect(response.statusCode).toBe(200);
        let bytes = 0;
        let chunks = 0;
        // Counted and dropped: the client holds nothing, so any growth is the server's.
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (++chunks % 600 === 0) {
            const now = live();
            peakHeap = Math.max(peakHeap, now.heap);
            peakBuffers = Math.max(peakBuffers, now.buffers);
          }
        });
        response.on('end', () => resolve(bytes));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
  const total = RESUMES * RESUME_BYTES;
  const heapGrowth = peakHeap - before.heap;
  const bufferGrowth = peakBuffers - before.buffers;
  console.log(
    `resume book: ${(received / 1e6).toFixed(0)} MB sent; peak live heap growth ${(heapGrowth / 1e6).toFixed(1)} MB, ` +
      `peak live buffer growth ${(bufferGrowth / 1e6).toFixed(1)} MB (resumes total ${(total / 1e6).toFixed(0)} MB)`,
  );
  expect(received).toBeGreaterThan(total);
  // A book held whole would be 300 MB of buffers; a few resumes' worth in flight is what streaming
  // costs. The peak varies from run to run: 0.0 to 29 MB alone, and 57 MB once beside the rest of
  // the suite on the embedded database under Node 26 (CI, 2026-11-27), so the bound is a quarter
  // of the book: still far below holding it.
  expect(bufferGrowth).toBeLessThan(total / 4);
  expect(heapGrowth).toBeLessThan(total / 10);
}, 60_000);

/** Files this process has open (Linux). */
const openFiles = async () => (await readdir('/proc/self/fd')).length;

it('lets go of the resume being read when the client hangs up part way', async () => {
  const { port } = t.app.server.address() as AddressInfo;
  const before = await openFiles();
  await new Promise<void>((resolve, reject) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/college-staff/students/resumeBook?search=memory',
        headers: { cookie: staff.cookie },
      },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          // Five resumes in, the client goes away.
          if (bytes > 5 * RESUME_BYTES) {
            request.destroy();
            resolve();
          }
        });
      },
    );
    request.on('error', (error) => {
      if (!request.destroyed) reject(error);
    });
  });
  await expect.poll(openFiles, { timeout: 5_000 }).toBeLessThanOrEqual(before);
  // The server goes on serving.
  const health = await t.app.inject({ url: '/health' });
  expect(health.statusCode).toBeLessThan(500);
});
