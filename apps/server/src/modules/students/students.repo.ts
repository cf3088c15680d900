import { and, asc, eq, sql } from 'drizzle-orm';
import type { InternshipInput, ProjectInput } from '@portal/contracts/students';
import type { Database } from '../../db/client.ts';
import { accounts, internships, projects, students } from '../../db/schema.ts';

type PersonalFields = {
  firstName: string;
  lastName: string;
  fathersName: string;
  mothersName: string;
  phone: string;
};

export function createStudentsRepo(db: Database) {
  const bumpVersion = (tx: Pick<Database, 'update'>, accountId: string) =>
    tx
      .update(students)
      .set({ version: sql`${students.version} + 1` })
      .where(eq(students.accountId, accountId));

  return {
    async findById(accountId: string) {
      const [row] = await db
        .select({ account: accounts, student: students })
        .from(students)
        .innerJoin(accounts, eq(accounts.id, students.accountId))
        .where(eq(students.accountId, accountId));
      if (!row) return null;
      const [internshipRows, projectRows] = await Promise.all([
        db
          .select()
          .from(internships)
          .where(eq(internships.studentId, accountId))
          .orderBy(asc(internships.createdAt), asc(internships.id)),
        db
          .select()
          .from(projects)
          .where(eq(projects.studentId, accountId))
          .orderBy(asc(projects.createdAt), asc(projects.id)),
      ]);
      return { ...row, internships: internshipRows, projects: projectRows };
    },

    /** What applying needs to know: status, debarment and the academic facts eligibility is judged on. */
    async findFacts(accountId: string) {
      const [row] = await db
        .select({
          status: accounts.status,
          firstName: accounts.firstName,
          lastName: accounts.lastName,
          cgpa: students.cgpa,
          degrees: students.degrees,
          yearOfPassing: students.yearOfPassing,
          verified: sql<boolean>`${students.academicsVerifiedAt} is not null`,
          debarReason: students.debarReason,
          debarredUntil: students.debarredUntil,
        })
        .from(students)
        .innerJoin(accounts, eq(accounts.id, students.accountId))
        .where(eq(students.accountId, accountId));
      return row ?? null;
    },

    async updatePersonal(accountId: string, fields: PersonalFields) {
      const { fathersName, mothersName, ...accountFields } = fields;
      await db.transaction(async (tx) => {
        await tx
          .update(accounts)
          .set({ ...accountFields, updatedAt: new Date() })
          .where(eq(accounts.id, accountId));
        await tx
          .update(students)
          .set({ fathersName, mothersName, version: sql`${students.version} + 1` })
          .where(eq(students.accountId, accountId));
      });
    },

    async addInternship(accountId: string, fields: Required<InternshipInput>) {
      await db.transaction(async (tx) => {
        await tx.insert(internships).values({ ...fields, studentId: accountId });
        await bumpVersion(tx, accountId);
      });
    },

    /** False when the student has no internship with that id. */
    async updateInternship(
      accountId: string,
      id: string,
      fields: Required<InternshipInput>,
    ): Promise<boolean> {
      const rows = await db
        .update(internships)
        .set(fields)
        .where(and(eq(internships.id, id), eq(internships.studentId, accountId)))
        .returning({ id: internships.id });
      return rows.length > 0;
    },

    async deleteInternship(accountId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(internships)
        .where(and(eq(internships.id, id), eq(internships.studentId, accountId)))
        .returning({ id: internships.id });
      return rows.length > 0;
    },

    async addProject(accountId: string, fields: Required<ProjectInput>) {
      await db.transaction(async (tx) => {
        await tx.insert(projects).values({ ...fields, studentId: accountId });
        await bumpVersion(tx, accountId);
      });
    },

    async updateProject(accountId: string, id: string, fields: Required<ProjectInput>): Promise<boolean> {
      const rows = await db
        .update(projects)
        .set(fields)
        .where(and(eq(projects.id, id), eq(projects.studentId, accountId)))
        .returning({ id: projects.id });
      return rows.length > 0;
    },

    async deleteProject(accountId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(projects)
        .where(and(eq(projects.id, id), eq(projects.studentId, accountId)))
        .returning({ id: projects.id });
      return rows.length > 0;
    },
  };
}
export type StudentsRepo = ReturnType<typeof createStudentsRepo>;
export type StudentRow = NonNullable<Awaited<ReturnType<StudentsRepo['findById']>>>;
