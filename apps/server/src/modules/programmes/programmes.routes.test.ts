import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { programmes as messages } from '@portal/contracts/messages';
import type { Programme, UnmappedDegree } from '@portal/contracts/programmes';
import { programmes, studentAuditLog, students } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type Person, world, type World } from '../../test/world.ts';

let t: TestApp;
let w: World;
let staff: Person;

beforeAll(async () => {
  t = await createTestApp();
  w = world(t);
  staff = await w.staff({ firstName: 'Uma', lastName: 'Rao' });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, cookie = staff.cookie) =>
  payload === undefined
    ? t.app.inject({ method, url, headers: { cookie } })
    : t.app.inject({ method, url, headers: { cookie }, payload });

const list = async () => (await call('GET', '/api/programmes')).json<{ message: Programme[] }>().message;
const programmeOf = async (id: string) =>
  (await t.db.select({ id: students.programmeId }).from(students).where(eq(students.accountId, id)))[0]!.id;
const codeOf = async (id: string) => {
  const pid = await programmeOf(id);
  if (pid === null) return null;
  return (await t.db.select({ code: programmes.code }).from(programmes).where(eq(programmes.id, pid)))[0]!
    .code;
};

const aero = {
  code: 'btech-ae',
  level: 'Undergraduate',
  degree: 'B.Tech',
  branch: 'Aerospace Engineering',
  durationYears: 4,
};

describe('the catalogue', () => {
  it('starts with the default catalogue, which every role can read', async () => {
    const student = await w.student();
    const response = await call('GET', '/api/programmes', undefined, student.cookie);
    expect(response.statusCode).toBe(200);
    const codes = response.json<{ message: Programme[] }>().message.map((p) => p.code);
    expect(codes).toEqual(
      expect.arrayContaining(['BTECH-CSE', 'BTECH-ECE', 'BE-ME', 'MTECH-CSE', 'MBA', 'MCA', 'BCA']),
    );
  });

  it('adds a programme (code in capitals), refuses its code twice, and refuses a student', async () => {
    const added = await call('POST', '/api/college-staff/programmes', aero);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().message).toMatchObject({
      code: 'BTECH-AE',
      name: 'B.Tech Aerospace Engineering',
      retired: false,
      students: 0,
    });
    const [row] = await t.db.select().from(programmes).where(eq(programmes.code, 'BTECH-AE'));
    expect(row).toMatchObject({ degree: 'B.Tech', branch: 'Aerospace Engineering', durationYears: 4 });

    const again = await call('POST', '/api/college-staff/programmes', aero);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.codeTaken('BTECH-AE'));

    const bad = await call('POST', '/api/college-staff/programmes', {
      ...aero,
      code: 'x y',
      durationYears: 0,
    });
    expect(bad.statusCode).toBe(400);

    const student = await w.student();
    expect((await call('POST', '/api/college-staff/programmes', aero, student.cookie)).statusCode).toBe(403);
  });

  it('maps a student who wrote a new programme once it is added', async () => {
    const s = await w.student({ degrees: ['B.Tech Biotechnology'] });
    expect(await codeOf(s.id)).toBeNull();
    const added = await call('POST', '/api/college-staff/programmes', {
      code: 'BTECH-BT',
      level: 'Undergraduate',
      degree: 'B.Tech',
      branch: 'Biotechnology',
      durationYears: 4,
    });
    expect(added.statusCode).toBe(201);
    expect(await codeOf(s.id)).toBe('BTECH-BT');
  });

  it('keeps the code of a programme students hold, edits the rest, and retires it without deleting', async () => {
    const s = await w.student({ degrees: ['B.Tech Aerospace Engineering'] });
    expect(await codeOf(s.id)).toBe('BTECH-AE');
    const id = (await list()).find((p) => p.code === 'BTECH-AE')!._id;

    const renamed = await call('PUT', `/api/college-staff/programmes/${id}`, { ...aero, code: 'BTECH-AERO' });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().message).toBe(messages.codeInUse('BTECH-AE'));

    const edited = await call('PUT', `/api/college-staff/programmes/${id}`, { ...aero, durationYears: 5 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().message).toMatchObject({ durationYears: 5, students: 1 });

    const retired = await call('PUT', `/api/college-staff/programmes/${id}/retired`, { retired: true });
    expect(retired.json().message).toMatchObject({ retired: true, students: 1 });
    expect(await codeOf(s.id)).toBe('BTECH-AE');
    const back = await call('PUT', `/api/college-staff/programmes/${id}/retired`, { retired: false });
    expect(back.json().message.retired).toBe(false);

    expect(
      (await call('PUT', `/api/college-staff/programmes/${crypto.randomUUID()}/retired`, { retired: true }))
        .statusCode,
    ).toBe(404);
  });
});

describe('the catalogue from CSV', () => {
  it('lists each bad row with its column and saves nothing, then imports a good file', async () => {
    const before = (await list()).length;
    const bad = await call('POST', '/api/college-staff/programmes/import', {
      csv:
        'Code,Level,Degree,Branch,Duration\n' +
        'MTECH-VLSI,Postgraduate,M.Tech,VLSI Design,2\n' +
        'MTECH-VLSI,Postgraduate,M.Tech,VLSI,2\n' +
        'BDES,Bachelor,B.Des,,x\n',
    });
    expect(bad.statusCode).toBe(200);
    expect(bad.json().message).toEqual({
      created: 0,
      updated: 0,
      errors: [
        { row: 3, column: 'Code', message: messages.codeRepeated(2) },
        { row: 4, column: 'Level', message: messages.level },
        { row: 4, column: 'Duration', message: messages.duration },
      ],
    });
    expect((await list()).length).toBe(before);

    const good = await call('POST', '/api/college-staff/programmes/import', {
      csv: '\uFEFFcode,level,degree,branch,duration\nMTECH-VLSI,Postgraduate,M.Tech,VLSI Design,2\nMBA,Postgraduate,MBA,,2\n',
    });
    expect(good.json().message).toEqual({ created: 1, updated: 1, errors: [] });
    expect((await list()).find((p) => p.code === 'MTECH-VLSI')?.name).toBe('M.Tech VLSI Design');

    const noColumns = await call('POST', '/api/college-staff/programmes/import', { csv: 'Name\nx\n' });
    expect(noColumns.statusCode).toBe(400);
    expect(noColumns.json().message).toBe(messages.importColumns);
  });
});

describe('unmapped degrees', () => {
  it('lists the texts no programme matched, and maps one for every student who wrote it, audited', async () => {
    const a = await w.student({ degrees: ['B.Tech (Hons.)'] });
    const b = await w.student({ degrees: ['b.tech hons'] });
    const c = await w.student({ degrees: ['B.Tech CSE'] });
    const unmapped = (await call('GET', '/api/college-staff/unmappedDegrees')).json<{
      message: UnmappedDegree[];
    }>().message;
    expect(unmapped).toContainEqual({ text: 'B.Tech (Hons.)', students: 2 });
    expect(unmapped.some((u) => u.text === 'B.Tech CSE')).toBe(false);

    const mapped = await call('POST', '/api/college-staff/unmappedDegrees', {
      text: 'B.Tech (Hons.)',
      code: 'btech-cse',
    });
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect(mapped.json().message).toBe(
      messages.mapped('B.Tech (Hons.)', 'B.Tech Computer Science and Engineering', 2),
    );
    expect(await codeOf(a.id)).toBe('BTECH-CSE');
    expect(await codeOf(b.id)).toBe('BTECH-CSE');
    expect(await codeOf(c.id)).toBe('BTECH-CSE');
    const audit = await t.db.select().from(studentAuditLog).where(eq(studentAuditLog.studentId, a.id));
    expect(audit).toContainEqual(
      expect.objectContaining({
        field: 'Programme',
        actorName: 'Uma Rao',
        newValue: 'B.Tech Computer Science and Engineering',
      }),
    );
    // Later writers of the text get the programme too.
    const d = await w.student({ degrees: ['BTech Hons'] });
    expect(await codeOf(d.id)).toBe('BTECH-CSE');

    const unknown = await call('POST', '/api/college-staff/unmappedDegrees', { text: 'x', code: 'NOPE' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(messages.unknownCode('NOPE'));
  });
});

describe('how many students a draft reaches', () => {
  it('counts by the rule Apply uses, by codes, and refuses a criterion the catalogue does not know', async () => {
    const company = await w.company();
    const count = async (body: Record<string, unknown>) => {
      const response = await call('POST', '/api/jobs/eligibleCount', body, company.cookie);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ message: { count: number } }>().message.count;
    };
    const base = await count({ eligibleProgrammes: ['programme:MCA'], minCgpa: 9.9 });
    await w.student({ degrees: ['MCA'], cgpa: 9.95 });
    await w.student({ degrees: ['MBA'], cgpa: 9.95 });
    expect(await count({ eligibleProgrammes: ['programme:MCA'], minCgpa: 9.9 })).toBe(base + 1);
    expect(await count({ eligibleDegrees: ['Postgraduate'], minCgpa: 9.9 })).toBe(base + 2);
    const refused = await call(
      'POST',
      '/api/jobs/eligibleCount',
      { eligibleDegrees: ['B.Arch'] },
      company.cookie,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(messages.unknownTarget('B.Arch'));
  });
});

describe('lists filtered by programme', () => {
  it("finds the staff list's and an applicant table's students by level, degree or programme, as a job targets them", async () => {
    const cse = await w.student({ firstName: 'Filtra', lastName: 'Cse', degrees: ['B.Tech CSE'] });
    const ece = await w.student({ firstName: 'Filtra', lastName: 'Ece', degrees: ['B.Tech ECE'] });
    const mba = await w.student({ firstName: 'Filtra', lastName: 'Mba', degrees: ['MBA'] });
    const staffList = async (degree: string) =>
      (await call('GET', `/api/college-staff/students?search=filtra&degree=${encodeURIComponent(degree)}`))
        .json<{ message: { items: { _id: string }[] } }>()
        .message.items.map((s) => s._id)
        .sort();
    expect(await staffList('degree:B.Tech')).toEqual([cse.id, ece.id].sort());
    expect(await staffList('programme:btech-ece')).toEqual([ece.id]);
    expect(await staffList('level:Postgraduate')).toEqual([mba.id]);
    expect(await staffList('level:Doctorate')).toEqual([]);
    // A typed degree still matches the text as written.
    expect(await staffList('MBA')).toEqual([mba.id]);

    const company = await w.company({ approved: true });
    const job = await w.job(company);
    for (const s of [cse, ece, mba]) await w.apply(s, job);
    const applicants = await t.app.inject({
      url: `/api/company/applicants?degree=${encodeURIComponent('degree:B.Tech')}`,
      headers: { cookie: company.cookie },
    });
    expect(applicants.statusCode).toBe(200);
    expect(
      applicants
        .json<{ message: { items: { name: string }[] } }>()
        .message.items.map((a) => a.name)
        .sort(),
    ).toEqual(['Filtra Cse', 'Filtra Ece']);
  });
});
