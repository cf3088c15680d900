import { and, count, eq, sql } from 'drizzle-orm';
import { perScope } from '../../db/college-scope.ts';
import type { AcademicValues, InternshipInput, ProjectInput } from '@portal/contracts/students';
import type { Database } from '../../db/client.ts';
import { jsonObject } from '../../db/json-sql.ts';
import {
  academicChangeRequests,
  accounts,
  internships,
  notifications,
  projects,
  students,
} from '../../db/schema.ts';
import { studentRecordColumns } from './students.read.ts';

type PersonalFields = {
  firstName: string;
  lastName: string;
  fathersName: string;
  mothersName: string;
  phone: string;
};

export function createStudentsRepo(db: Database) {
  const findOwnRecordStatement = perScope(() =>
    db
      .select({
        ...studentRecordColumns,
        notifications: sql<
          {
            id: string;
            sender: string;
            title: string;
            body: string;
            link: string;
            readAt: string | null;
            createdAt: string;
          }[]
        >`coalesce((select json_agg(latest order by latest."createdAt" desc) from (
          select ${notifications.id} as "id", ${notifications.sender} as "sender", ${notifications.title} as "title",
                 ${notifications.body} as "body", ${notifications.link} as "link", ${notifications.readAt} as "readAt", ${notifications.createdAt} as "createdAt"
          from ${notifications} where ${notifications.accountId} = ${students.accountId}
          order by ${notifications.createdAt} desc limit ${sql.placeholder('notificationsShown')}) latest), '[]'::json)`,
        pendingChange: sql<{ id: string; createdAt: string; newValues: AcademicValues } | null>`(
          select ${jsonObject({
            id: academicChangeRequests.id,
            createdAt: academicChangeRequests.createdAt,
            newValues: academicChangeRequests.newValues,
          })}
          from ${academicChangeRequests}
          where ${academicChangeRequests.studentId} = ${students.accountId} and ${academicChangeRequests.status} = 'Pending'
          limit 1)`,
      })
      .from(students)
      .innerJoin(accounts, eq(accounts.id, students.accountId))
      .where(eq(students.accountId, sql.placeholder('accountId')))
      .prepare('student_own_record'),
  );

  const bumpVersion = (tx: Pick<Database, 'update'>, accountId: string) =>
    tx
      .update(students)
      .set({ version: sql`${students.version} + 1` })
      .where(eq(students.accountId, accountId));

  const lockStudent = (tx: Pick<Database, 'select'>, accountId: string) =>
    tx
      .select({ id: students.accountId })
      .from(students)
      .where(eq(students.accountId, accountId))
      .for('update');

  return {
    /**
     * What the student's own page shows, in one round trip: the record, internships, projects,
     * the latest `notificationsShown` notifications and the academic change waiting for approval.
     */
    async findOwnRecord(accountId: string, notificationsShown: number) {
      const [row] = await findOwnRecordStatement().execute({ accountId, notificationsShown });
      if (!row) return null;
      return {
        ...row,
        notifications: row.notifications.map((n) => ({
          ...n,
          readAt: n.readAt === null ? null : new Date(n.readAt),
          createdAt: new Date(n.createdAt),
        })),
        pendingChange: row.pendingChange && {
          ...row.pendingChange,
          createdAt: new Date(row.pendingChange.createdAt),
        },
      };
    },

    async updatePersonal(accountId: string, fields: PersonalFields) {
      const { fathersName, mothersName, ...accountFields } = fields;
      await db.transaction(async (tx) => {
        await tx
          .update(accounts)
          .set({ ...accountFields, updatedAt: sql`now()` })
          .where(eq(accounts.id, accountId));
        await tx
          .update(students)
          .set({ fathersName, mothersName, version: sql`${students.version} + 1` })
          .where(eq(students.accountId, accountId));
      });
    },

    /**
     * Adds the entry unless the student already has `max`; false when full. The student's row is
     * locked first, so two adds at once are counted one after the other.
     */
    async addInternship(accountId: string, fields: Required<InternshipInput>, max: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        await lockStudent(tx, accountId);
        const [held] = await tx
          .select({ n: count() })
          .from(internships)
          .where(eq(internships.studentId, accountId));
        if ((held?.n ?? 0) >= max) return false;
        await tx.insert(internships).values({ ...fields, studentId: accountId });
        await bumpVersion(tx, accountId);
        return true;
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

    /**
     * Adds the entry unless the student already has `max`; false when full. The student's row is
     * locked first, so two adds at once are counted one after the other.
     */
    async addProject(accountId: string, fields: Required<ProjectInput>, max: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        await lockStudent(tx, accountId);
        const [held] = await tx
          .select({ n: count() })
          .from(projects)
          .where(eq(projects.studentId, accountId));
        if ((held?.n ?? 0) >= max) return false;
        await tx.insert(projects).values({ ...fields, studentId: accountId });
        await bumpVersion(tx, accountId);
        return true;
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
