import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountStatus, accountStatuses } from '@portal/contracts/common';
import { studentVisibility, type Viewer } from '@portal/contracts/student-visibility';
import { accounts, students } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { fullyVisibleSql, statusInView } from './student-visibility.ts';

/** The SQL twin selects exactly the students the decider shows in full, for every viewer. */
let t: TestApp;
const ids = new Map<AccountStatus, string>();

beforeAll(async () => {
  t = await createTestApp();
  for (const status of accountStatuses) {
    const [row] = await t.db
      .insert(accounts)
      .values({
        role: 'student',
        email: `twin-${status.toLowerCase()}@example.com`,
        passwordHash: 'x',
        status,
        firstName: 'Twin',
        lastName: status,
        phone: '9876543210',
      })
      .returning({ id: accounts.id });
    await t.db.insert(students).values({ accountId: row!.id });
    ids.set(status, row!.id);
  }
});
afterAll(() => t.close());

const viewers: Viewer[] = [
  ...accountStatuses.map((status): Viewer => ({ id: crypto.randomUUID(), role: 'company', status })),
  { id: crypto.randomUUID(), role: 'college-staff', status: 'Allowed' },
  ...accountStatuses.map((status): Viewer => ({ id: '', role: 'student', status })),
];

describe('the SQL twin of the visibility rule', () => {
  it.each(viewers.map((v, i) => [`${v.role} (${v.status}) #${i}`, v] as const))(
    'selects for %s the students the rule shows in full',
    async (_label, viewer) => {
      // A student viewer is one of the students: the one whose status it carries.
      const seen = viewer.role === 'student' ? { ...viewer, id: ids.get(viewer.status)! } : viewer;
      const rows = await t.db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.role, 'student'), fullyVisibleSql(seen)));
      const expected = accountStatuses.filter(
        (status) => studentVisibility(seen, { id: ids.get(status)!, status }) === 'full',
      );
      expect(rows.map((r) => r.id).sort()).toEqual(expected.map((s) => ids.get(s)!).sort());
    },
  );

  it('keeps a list to the students the rule shows in full, for the list queries filtered by status', () => {
    for (const viewer of viewers.filter((v) => v.role !== 'student' && v.status === 'Allowed')) {
      for (const asked of [undefined, ...accountStatuses]) {
        const status = statusInView(viewer, asked);
        const shown = accountStatuses.filter((s) => status === undefined || s === status);
        for (const s of shown) expect(studentVisibility(viewer, { id: 'x', status: s })).toBe('full');
      }
    }
    expect(() =>
      statusInView(
        viewers.find((v) => v.status === 'Pending')!,
        undefined,
      ),
    ).toThrow('awaiting approval');
  });
});
