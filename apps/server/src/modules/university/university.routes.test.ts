import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlacementStatistics } from '@portal/contracts/staff';
import type { UniversityStatistics } from '@portal/contracts/university';
import { withinColleges } from '../../db/college-scope.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type Person, world } from '../../test/world.ts';
import { createCollegesRepo } from '../colleges/colleges.repo.ts';
import { createCollegesService } from '../colleges/colleges.service.ts';
import { createUniversityRepo } from './university.repo.ts';

/** A university's placement director reads each college's figures side by side, and only reads. */
describe("the university's view", () => {
  let t: TestApp;
  let staffA: Person;
  let staffB: Person;
  let director: Person;

  beforeAll(async () => {
    t = await createTestApp();
    const w = world(t);
    const north = (
      await createCollegesService({ collegesRepo: createCollegesRepo(t.db) }).create({
        slug: 'north',
        name: 'North College',
      })
    ).id;
    staffA = await w.staff();
    director = await w.staff({ firstName: 'Director' });
    await w.student({ academics: true });
    await w.student({ academics: true });
    [staffB] = await withinColleges([north], async () => [
      await w.staff(),
      await w.student({ academics: true }),
      await w.student({ academics: true }),
      await w.student({ academics: true }),
    ]);
    expect(await createUniversityRepo(t.db).appoint(director.email)).not.toBeNull();
  });
  afterAll(() => t?.close());

  const get = (cookie: string, url: string) => t.app.inject({ url, headers: { cookie } });

  it("shows each college's statistics as its own staff read them, side by side", async () => {
    const response = await get(director.cookie, '/api/university/statistics');
    expect(response.statusCode).toBe(200);
    const rows = response.json<{ message: UniversityStatistics }>().message;
    expect(rows.map((r) => [r.college.slug, r.statistics.totalStudents])).toEqual([
      ['main', 2],
      ['north', 3],
    ]);
    const own = async (staff: Person) =>
      (await get(staff.cookie, '/api/college-staff/statistics')).json<{ message: PlacementStatistics }>()
        .message;
    expect(rows[0]?.statistics).toEqual(await own(staffA));
    expect(rows[1]?.statistics).toEqual(await own(staffB));
  });

  it('is refused to staff who are not the director, and says who is', async () => {
    const refused = await get(staffA.cookie, '/api/university/statistics');
    expect(refused.statusCode).toBe(403);
    expect((await get(staffA.cookie, '/api/university/director')).json().message).toBe(false);
    expect((await get(director.cookie, '/api/university/director')).json().message).toBe(true);
  });
});
