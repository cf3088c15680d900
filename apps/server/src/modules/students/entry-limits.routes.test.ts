import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries } from '@portal/contracts/messages';
import { MAX_INTERNSHIPS, MAX_PROJECTS, type StudentRecord } from '@portal/contracts/students';
import { internships, projects } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { world, type World } from '../../test/world.ts';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = world(t);
});
afterAll(() => t.close());

const internship = { company: 'Infosys', role: 'Intern', duration: '2 months', description: 'APIs' };
const project = { title: 'Portal', link: 'https://example.com', duration: '1 month', description: 'A site' };

const student = () => w.student();

const add = (cookie: string, typ: 'internships' | 'projects', value: object) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/student/updateProfileDetail',
    headers: { cookie },
    payload: { typ, value },
  });

const held = async (table: typeof internships | typeof projects, studentId: string) =>
  (await t.db.select({ n: count() }).from(table).where(eq(table.studentId, studentId)))[0]!.n;

describe('a student keeps at most 50 internships and 50 projects', () => {
  it('adds the 50th internship, refuses the 51st with 409 and the limit, and stores nothing', async () => {
    const s = await student();
    await t.db.insert(internships).values(
      Array.from({ length: MAX_INTERNSHIPS - 1 }, (_, i) => ({
        ...internship,
        company: `C${i}`,
        studentId: s.id,
      })),
    );
    const fiftieth = await add(s.cookie, 'internships', internship);
    expect(fiftieth.statusCode).toBe(200);
    expect((fiftieth.json().message as StudentRecord).pastInternshipsProjects.internships).toHaveLength(50);

    const refused = await add(s.cookie, 'internships', { ...internship, company: 'One too many' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: entries.internship.tooMany(MAX_INTERNSHIPS) });
    expect(refused.json().message).toBe(
      'You can keep at most 50 internships. Please delete one before adding another.',
    );
    expect(await held(internships, s.id)).toBe(MAX_INTERNSHIPS);
  });

  it('refuses the 51st project the same way', async () => {
    const s = await student();
    await t.db
      .insert(projects)
      .values(
        Array.from({ length: MAX_PROJECTS }, (_, i) => ({ ...project, title: `P${i}`, studentId: s.id })),
      );
    const refused = await add(s.cookie, 'projects', project);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'You can keep at most 50 projects. Please delete one before adding another.',
    });
    expect(await held(projects, s.id)).toBe(MAX_PROJECTS);
  });

  it('lets only one of two adds sent at once take the last place', async () => {
    const s = await student();
    await t.db
      .insert(internships)
      .values(Array.from({ length: MAX_INTERNSHIPS - 1 }, () => ({ ...internship, studentId: s.id })));
    const answers = await Promise.all([
      add(s.cookie, 'internships', internship),
      add(s.cookie, 'internships', internship),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await held(internships, s.id)).toBe(MAX_INTERNSHIPS);
  });

  it('makes room again once one is deleted', async () => {
    const s = await student();
    await t.db
      .insert(projects)
      .values(Array.from({ length: MAX_PROJECTS }, () => ({ ...project, studentId: s.id })));
    const [first] = await t.db.select({ id: projects.id }).from(projects).where(eq(projects.studentId, s.id));
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/student/projects/${first!.id}`,
      headers: { cookie: s.cookie },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await add(s.cookie, 'projects', project)).statusCode).toBe(200);
  });
});
