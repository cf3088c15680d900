import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, students } from '../../db/schema.ts';

export function createFilesRepo(db: Database) {
  return {
    /** Points the account at its new picture and returns the key it replaced ('' when none). */
    async replacePicture(accountId: string, key: string): Promise<string> {
      return db.transaction(async (tx) => {
        const [old] = await tx
          .select({ key: accounts.profilePicture })
          .from(accounts)
          .where(eq(accounts.id, accountId))
          .for('update');
        await tx
          .update(accounts)
          .set({ profilePicture: key, updatedAt: sql`now()` })
          .where(eq(accounts.id, accountId));
        // The picture is part of a student's record: a staff edit opened before it is stale.
        await tx
          .update(students)
          .set({ version: sql`${students.version} + 1` })
          .where(eq(students.accountId, accountId));
        return old?.key ?? '';
      });
    },

    async replaceResume(studentId: string, key: string): Promise<string> {
      return db.transaction(async (tx) => {
        const [old] = await tx
          .select({ key: students.resume })
          .from(students)
          .where(eq(students.accountId, studentId))
          .for('update');
        await tx
          .update(students)
          .set({ resume: key, version: sql`${students.version} + 1` })
          .where(eq(students.accountId, studentId));
        return old?.key ?? '';
      });
    },

    /** Which of these storage keys a picture or a resume still names. */
    async referencedKeys(keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const [pictures, resumes] = await Promise.all([
        db
          .select({ key: accounts.profilePicture })
          .from(accounts)
          .where(inArray(accounts.profilePicture, keys)),
        db.select({ key: students.resume }).from(students).where(inArray(students.resume, keys)),
      ]);
      return new Set([...pictures, ...resumes].map((row) => row.key));
    },

    /** The account's current files, to check a requested key is one of them. */
    async currentFiles(accountId: string) {
      const [row] = await db
        .select({
          role: accounts.role,
          status: accounts.status,
          collegeId: accounts.collegeId,
          firstName: accounts.firstName,
          lastName: accounts.lastName,
          picture: accounts.profilePicture,
          resume: students.resume,
        })
        .from(accounts)
        .leftJoin(students, eq(students.accountId, accounts.id))
        .where(eq(accounts.id, accountId));
      return row ?? null;
    },
  };
}
export type FilesRepo = ReturnType<typeof createFilesRepo>;
