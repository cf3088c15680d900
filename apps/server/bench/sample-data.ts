import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { App } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { accounts, companies, jobs, students } from '../src/db/schema.ts';
import { hashPassword } from '../src/lib/passwords.ts';

const firstNames = [
  'Aarav',
  'Vivaan',
  'Aditya',
  'Diya',
  'Ananya',
  'Ishaan',
  'Kavya',
  'Rohan',
  'Saanvi',
  'Arjun',
  'Meera',
  'Kabir',
];
const lastNames = [
  'Sharma',
  'Verma',
  'Iyer',
  'Nair',
  'Patel',
  'Reddy',
  'Gupta',
  'Singh',
  'Das',
  'Menon',
  'Rao',
  'Khan',
];
const degrees = ['B.Tech CSE', 'B.Tech ECE', 'B.Tech ME', 'MCA', 'M.Tech CSE', 'BCA'];
const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;

/**
 * Bulk sample data written straight to the tables (one shared password hash, batched inserts),
 * plus one student signed in through the API whose cookie the benchmark uses.
 */
export async function seedSampleData(app: App, db: Database, studentCount: number) {
  const passwordHash = await hashPassword('sample-password');
  const batch = 1000;
  for (let start = 0; start < studentCount; start += batch) {
    const rows = Array.from({ length: Math.min(batch, studentCount - start) }, (_, k) => {
      const i = start + k;
      return {
        id: randomUUID(),
        role: 'student' as const,
        email: `student${i}@sample.edu`,
        passwordHash,
        firstName: pick(firstNames, i),
        lastName: `${pick(lastNames, Math.floor(i / firstNames.length))}`,
        phone: '9876543210',
      };
    });
    await db.insert(accounts).values(rows);
    await db.insert(students).values(
      rows.map((r, k) => ({
        accountId: r.id,
        rollNumber: start + k + 1,
        degrees: [pick(degrees, start + k)],
        collegeName: 'Sample Institute of Technology',
        cgpa: 6 + ((start + k) % 40) / 10,
        yearOfPassing: 2025 + ((start + k) % 3),
      })),
    );
  }

  const companyCount = Math.max(5, Math.floor(studentCount / 200));
  for (let c = 0; c < companyCount; c++) {
    const id = randomUUID();
    await db.insert(accounts).values({
      id,
      role: 'company',
      email: `recruiter${c}@company${c}.com`,
      passwordHash,
      firstName: 'Recruiter',
      lastName: String(c),
      phone: '9876543210',
    });
    await db.insert(companies).values({ accountId: id, staffId: '1', name: `Company ${c}` });
    await db.insert(jobs).values(
      Array.from({ length: 6 }, (_, j) => ({
        companyId: id,
        role: `Role ${j}`,
        description: 'A sample job.',
        qualifications: ['B.Tech'],
        startDate: '2026-01-01',
        applicationDeadline: j % 2 ? '2099-12-31' : '2020-01-01',
        minCgpa: j % 3 === 0 ? 7.5 : null,
      })),
    );
  }
  await db.execute(sql`analyze`);

  const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
  const response = await app.inject({
    method: 'POST',
    url: '/api/student/signup',
    payload: {
      firstName: 'Bench',
      lastName: 'User',
      emailID: email,
      phone: '9876543210',
      password: 'bench-pass',
      cpass: 'bench-pass',
    },
  });
  const cookie = [response.headers['set-cookie']].flat().find((c) => c?.startsWith('portal_session='));
  if (!cookie) throw new Error(`could not sign the bench student in: ${response.body}`);
  return { studentCookie: cookie.split(';')[0]! };
}
