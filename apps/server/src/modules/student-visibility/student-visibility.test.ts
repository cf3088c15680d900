import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountStatus, accountStatuses } from '@portal/contracts/common';
import { studentVisibility, type Viewer } from '@portal/contracts/student-visibility';
import { accounts, colleges, students } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { fullyVisibleSql, studentsInView } from './student-visibility.ts';

/**
 * The SQL twin selects exactly the students the decider shows in full, for every viewer: students
 * of every status at two colleges, companies of every status allowed at neither, one or both.
 */
let t: TestApp;
const SECOND = 2;
const ids = new Map<string, { id: string; status: AccountStatus; collegeId: number }>();
const key = (status: AccountStatus, college: number) => `${status}@${college}`;

beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(colleges).values({ id: SECOND, slug: 'second', name: 'Second College' });
  for (const college of [1, SECOND]) {
    for (const status of accountStatuses) {
      const [row] = await t.db
        .insert(accounts)
        .values({
          role: 'student',
          email: `twin-${status.toLowerCase()}-${college}@example.com`,
          passwordHash: 'x',
          status,
          firstName: 'Twin',
          lastName: status,
          phone: '9876543210',
          collegeId: college,
        })
        .returning({ id: accounts.id });
      await t.db.insert(students).values({ accountId: row!.id, collegeId: college });
      ids.set(key(status, college), { id: row!.id, status, collegeId: college });
    }
  }
});
afterAll(() => t.close());

const recruiting = [[], [1], [SECOND], [1, SECOND]];
const viewers: Viewer[] = [
  ...accountStatuses.flatMap((status) =>
    recruiting.map((recruitsAt): Viewer => ({
      id: crypto.randomUUID(),
      role: 'company',
      status,
      recruitsAt,
    })),
  ),
  { id: crypto.randomUUID(), role: 'college-staff', status: 'Allowed', recruitsAt: [] },
  ...accountStatuses.map((status): Viewer => ({ id: '', role: 'student', status, recruitsAt: [] })),
];
const everyone = () => [...ids.values()];

describe('the SQL twin of the visibility rule', () => {
  it.each(viewers.map((v, i) => [`${v.role} (${v.status}) #${i}`, v] as const))(
    'selects for %s the students the rule shows in full',
    async (_label, viewer) => {
      // A student viewer is one of the students: the one whose status it carries.
      const seen = viewer.role === 'student' ? { ...viewer, id: ids.get(key(viewer.status, 1))!.id } : viewer;
      const rows = await t.db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.role, 'student'), fullyVisibleSql(seen)));
      const expected = everyone().filter((student) => studentVisibility(seen, student) === 'full');
      expect(rows.map((r) => r.id).sort()).toEqual(expected.map((s) => s.id).sort());
    },
  );

  it('keeps a list to the students the rule shows in full, for the list queries filtered by status and college', () => {
    const recruiters = viewers.filter(
      (v) => v.role !== 'student' && v.status === 'Allowed' && v.recruitsAt.length > 0,
    );
    for (const viewer of [...recruiters, viewers.find((v) => v.role === 'college-staff')!]) {
      for (const status of [undefined, ...accountStatuses]) {
        for (const college of [undefined, ...viewer.recruitsAt]) {
          const filter = studentsInView(viewer, { status, college });
          // Staff lists hold their own college's students (the wall): college 1 here.
          const inCollege = filter.college ?? (viewer.role === 'company' ? -1 : 1);
          const shown = everyone().filter(
            (s) => (filter.status === undefined || s.status === filter.status) && s.collegeId === inCollege,
          );
          expect(shown.length).toBeGreaterThan(0);
          for (const s of shown) expect(studentVisibility(viewer, s)).toBe('full');
        }
      }
    }
    const pending = viewers.find((v) => v.role === 'company' && v.status === 'Pending')!;
    expect(() => studentsInView(pending, {})).toThrow('awaiting approval');
    const atFirst = viewers.find(
      (v) => v.role === 'company' && v.status === 'Allowed' && v.recruitsAt.join() === '1',
    )!;
    expect(() => studentsInView(atFirst, { college: SECOND })).toThrow('There is no such college.');
    expect(studentsInView(atFirst, {})).toEqual({ status: 'Allowed', college: 1 });
  });
});
