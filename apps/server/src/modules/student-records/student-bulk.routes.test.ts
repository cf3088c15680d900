import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLabels } from '@portal/contracts/audit';
import { bounds } from '@portal/contracts/bounds';
import { erasure, staffRecords } from '@portal/contracts/messages';
import type { BulkOutcome } from '@portal/contracts/pipeline';
import type { StudentPage } from '@portal/contracts/staff';
import { accounts, studentAuditLog, students } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type Person, world, type World } from '../../test/world.ts';

let t: TestApp;
let w: World;
let staff: Person;
beforeAll(async () => {
  t = await createTestApp();
  w = world(t);
  staff = await w.staff({ firstName: 'Meera', lastName: 'Staff' });
});
afterAll(() => t.close());

const req = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const bulk = (body: object, cookie = staff.cookie) =>
  req(cookie, 'POST', '/api/college-staff/students/bulk', body);
const outcomeOf = (r: Awaited<ReturnType<typeof bulk>>) => r.json<{ message: BulkOutcome }>().message;

const list = async (query: string) => {
  const response = await req(staff.cookie, 'GET', `/api/college-staff/students?${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<{ message: StudentPage }>().message;
};

describe('the staff student list: search by roll number and email, CGPA range, verification', () => {
  let zara: Person;
  beforeAll(async () => {
    zara = await w.student({
      firstName: 'Zara',
      lastName: 'Quraishi',
      academics: { rollNumber: '21BCE731001', cgpa: 9.4, yearOfPassing: 2026 },
      verified: true,
    });
    await w.student({
      firstName: 'Zubin',
      lastName: 'Quraishi',
      academics: { rollNumber: '21BCE731002', cgpa: 6.1, yearOfPassing: 2026 },
    });
  });

  it('finds a student by roll number (from its start) and by email, in any case', async () => {
    expect((await list('search=21BCE731001')).items.map((s) => s.name)).toEqual(['Zara Quraishi']);
    expect((await list('search=21bce73100')).items.map((s) => s.name)).toEqual([
      'Zara Quraishi',
      'Zubin Quraishi',
    ]);
    const byEmail = await list(`search=${encodeURIComponent(zara.email.toUpperCase())}`);
    expect(byEmail.items.map((s) => s.name)).toEqual(['Zara Quraishi']);
    // A name search still finds names.
    expect((await list('search=zara q')).items.map((s) => s.name)).toEqual(['Zara Quraishi']);
  });

  it('filters by CGPA range and verification', async () => {
    expect((await list('search=21BCE731&cgpaMin=9')).items.map((s) => s.name)).toEqual(['Zara Quraishi']);
    expect((await list('search=21BCE731&cgpaMax=7')).items.map((s) => s.name)).toEqual(['Zubin Quraishi']);
    expect((await list('search=21BCE731&verified=true')).items.map((s) => s.name)).toEqual(['Zara Quraishi']);
    expect((await list('search=21BCE731&verified=false')).items.map((s) => s.name)).toEqual([
      'Zubin Quraishi',
    ]);
    const bad = await req(staff.cookie, 'GET', '/api/college-staff/students?cgpaMax=12');
    expect([bad.statusCode, bad.json()]).toEqual([400, { message: staffRecords.cgpaRange }]);
  });
});

describe('bulk changes to students', () => {
  it('verifies twenty students in one request: each stamped, each with its audit row', async () => {
    const twenty = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        w.student({ firstName: `Verify${String.fromCharCode(65 + i)}`, lastName: 'Batch', academics: true }),
      ),
    );
    const ids = twenty.map((s) => s.id);
    const response = await bulk({ studentIds: ids, change: { action: 'verify' } });
    expect(response.statusCode).toBe(200);
    const outcome = outcomeOf(response);
    expect(outcome.summary).toBe(staffRecords.bulkSummary(20, 0));
    expect(outcome.rows.every((r) => r.done && r.message === staffRecords.bulkChanged)).toBe(true);

    const stored = await t.db.select().from(students).where(inArray(students.accountId, ids));
    expect(
      stored.every((s) => s.academicsVerifiedAt !== null && s.academicsVerifiedByName === 'Meera Staff'),
    ).toBe(true);
    const audit = await t.db.select().from(studentAuditLog).where(inArray(studentAuditLog.studentId, ids));
    const verifiedRows = audit.filter((a) => a.field === auditLabels.academicsVerified);
    expect(verifiedRows.map((a) => a.studentId).sort()).toEqual([...ids].sort());
    expect(
      verifiedRows.every((a) => a.oldValue === 'No' && a.newValue === 'Yes' && a.actorName === 'Meera Staff'),
    ).toBe(true);
    // The record page shows the entry to staff.
    const details = (await req(staff.cookie, 'GET', `/api/college-staff/getStudentDetails/${ids[0]}`)).json()
      .message;
    expect(details.audit[0]).toMatchObject({
      field: auditLabels.academicsVerified,
      by: 'Meera Staff',
      newValue: 'Yes',
    });

    // Verified already: nothing to change, said per row.
    const again = outcomeOf(await bulk({ studentIds: ids.slice(0, 2), change: { action: 'verify' } }));
    expect(again.rows.map((r) => [r.done, r.message])).toEqual([
      [false, staffRecords.bulkUnchanged],
      [false, staffRecords.bulkUnchanged],
    ]);
  });

  it('suspends the students matching a filter, refusing an erased one on its row', async () => {
    const own = await w.student({
      firstName: 'Suspendme',
      lastName: 'Own',
      academics: { rollNumber: '21BCE880001' },
    });
    const other = await w.student({
      firstName: 'Suspendme',
      lastName: 'Other',
      academics: { rollNumber: '21BCE880002' },
    });
    const gone = await w.student({
      firstName: 'Suspendme',
      lastName: 'Gone',
      academics: { rollNumber: '21BCE880003' },
    });
    await t.db.update(accounts).set({ status: 'Erased' }).where(eq(accounts.id, gone.id));
    const outcome = outcomeOf(
      await bulk({ matching: { search: '21bce88000' }, change: { action: 'status', status: 'Suspended' } }),
    );
    expect(outcome.done).toBe(2);
    expect(outcome.rows).toContainEqual({
      _id: gone.id,
      name: expect.any(String),
      done: false,
      message: erasure.alreadyErased,
    });
    const stored = await t.db
      .select()
      .from(accounts)
      .where(inArray(accounts.id, [own.id, other.id]));
    expect(stored.map((a) => a.status)).toEqual(['Suspended', 'Suspended']);
    const audit = await t.db.select().from(studentAuditLog).where(eq(studentAuditLog.studentId, other.id));
    expect(audit.find((a) => a.field === auditLabels.status)).toMatchObject({
      oldValue: 'Allowed',
      newValue: 'Suspended',
      actorName: 'Meera Staff',
    });
    // An erased account named by id is refused on its row.
    const byId = outcomeOf(
      await bulk({ studentIds: [gone.id, other.id], change: { action: 'status', status: 'Allowed' } }),
    );
    expect(byId.rows).toEqual([
      { _id: gone.id, name: expect.any(String), done: false, message: erasure.alreadyErased },
      { _id: other.id, name: 'Suspendme Other', done: true, message: staffRecords.bulkChanged },
    ]);
  });

  it('marks students not placed, and refuses debarring or placing in bulk with the reason', async () => {
    const s = await w.student({ firstName: 'Placed', lastName: 'Once', academics: true });
    await w.placed(s, 'Initech', 9);
    const unplace = outcomeOf(
      await bulk({ studentIds: [s.id], change: { action: 'placement', isPlaced: false } }),
    );
    expect(unplace.done).toBe(1);
    const [row] = await t.db.select().from(students).where(eq(students.accountId, s.id));
    expect([row!.isPlaced, row!.placedCompany, row!.packageOffered]).toEqual([false, '', null]);
    const debar = outcomeOf(
      await bulk({ studentIds: [s.id], change: { action: 'status', status: 'Debarred' } }),
    );
    expect(debar.rows[0]).toMatchObject({ done: false, message: staffRecords.bulkDebarred });
    const place = outcomeOf(
      await bulk({ studentIds: [s.id], change: { action: 'placement', isPlaced: true } }),
    );
    expect(place.rows[0]).toMatchObject({ done: false, message: staffRecords.bulkPlaced });
  });

  it('refuses more than the limit, both selections, an unknown action, and companies', async () => {
    const many = Array.from({ length: bounds.bulkRows + 1 }, () => crypto.randomUUID());
    const tooMany = await bulk({ studentIds: many, change: { action: 'verify' } });
    expect([tooMany.statusCode, tooMany.json()]).toEqual([
      400,
      { message: staffRecords.bulkTooMany(bounds.bulkRows) },
    ]);
    const both = await bulk({ studentIds: [many[0]], matching: {}, change: { action: 'verify' } });
    expect(both.json()).toEqual({ message: staffRecords.bulkSelection });
    const unknown = await bulk({ studentIds: [many[0]], change: { action: 'erase' } });
    expect([unknown.statusCode, unknown.json()]).toEqual([400, { message: staffRecords.bulkAction }]);
    const company = await w.company();
    expect(
      (await bulk({ studentIds: [many[0]], change: { action: 'verify' } }, company.cookie)).statusCode,
    ).toBe(403);
  });
});
