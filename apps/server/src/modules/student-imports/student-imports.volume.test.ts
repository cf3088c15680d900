import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreview } from '@portal/contracts/student-imports';
import { insertStudents } from '../../test/bulk-students.ts';
import { multipart } from '../../test/uploads.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { world } from '../../test/world.ts';

/**
 * A 10,000-row file against a college of 10,000 students: half the rows update a student, half
 * create one. Prints how long the preview and the confirmation took (docs/performance.md); no timed
 * assertion. Left out of the suite (vitest.config.ts) as it takes minutes: `npm run bench:import`.
 */
describe('a 10,000-row import', () => {
  let t: TestApp;
  let staff: string;
  beforeAll(async () => {
    t = await createTestApp();
    staff = (await world(t).staff()).cookie;
    await insertStudents(t.db, 10_000, 'Vol');
  }, 120_000);
  afterAll(() => t.close());

  it('previews and applies', async () => {
    const lines = ['Roll Number,First Name,Last Name,Email,Phone,Degrees,CGPA,Year of Passing'];
    for (let n = 1; n <= 5_000; n++) lines.push(`${100_000 + n},,,vol-${n}@bulk.example.com,,,9,`);
    for (let n = 1; n <= 5_000; n++) {
      lines.push(`${200_000 + n},New,Student${n},new-${n}@bulk.example.com,9000000000,B.Tech,8.1,2027`);
    }
    const form = multipart('file', 'big.csv', 'text/csv', Buffer.from(lines.join('\n')));
    const started = performance.now();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/college-staff/imports',
      payload: form.payload,
      headers: { ...form.headers, cookie: staff },
    });
    const previewMs = performance.now() - started;
    expect(response.statusCode, response.body).toBe(200);
    const p = response.json<{ message: ImportPreview }>().message;
    expect(p.totals).toEqual({ rows: 10_000, create: 5_000, update: 5_000, unchanged: 0, errors: 0 });
    expect(p.create).toHaveLength(200);

    const confirmStarted = performance.now();
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/college-staff/imports/${p.id}/confirm`,
      headers: { cookie: staff },
    });
    const confirmMs = performance.now() - confirmStarted;
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    console.log(
      `10,000-row import on PGlite with 10,000 students: preview ${Math.round(previewMs)} ms, ` +
        `confirm ${Math.round(confirmMs)} ms (${response.body.length} bytes of preview)`,
    );
  }, 300_000);
});
