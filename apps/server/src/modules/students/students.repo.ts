import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, students } from '../../db/schema.ts';

export function createStudentsRepo(db: Database) {
  return {
    async findById(accountId: string) {
      const [row] = await db
        .select({ account: accounts, student: students })
        .from(students)
        .innerJoin(accounts, eq(accounts.id, students.accountId))
        .where(eq(students.accountId, accountId));
      return row ?? null;
    },
  };
}
export type StudentsRepo = ReturnType<typeof createStudentsRepo>;
export type StudentRow = NonNullable<Awaited<ReturnType<StudentsRepo['findById']>>>;
