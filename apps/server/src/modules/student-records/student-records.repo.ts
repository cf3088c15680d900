import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AccountStatus } from '@portal/contracts/common';
import type { Database } from '../../db/client.ts';
import { accounts, studentAuditLog, students } from '../../db/schema.ts';
import { internshipsJson, projectsJson } from '../students/students.repo.ts';

export type StudentFilters = {
  search: string;
  degree: string;
  year?: number | undefined;
  placed?: boolean | undefined;
  status?: AccountStatus | undefined;
};

/** The expression the name index is built on (migration 0004); the query must repeat it exactly. */
export const fullName = sql`(lower(${accounts.firstName} || ' ' || ${accounts.lastName}) collate "C")`;

/** The first string after every string that starts with the prefix, in byte order. */
function nextPrefix(prefix: string): string {
  const last = prefix.codePointAt(prefix.length - 1)!;
  return prefix.slice(0, -1) + String.fromCodePoint(last + 1);
}

/** True when a filter reads the students table (the count can skip the join otherwise). */
export const needsStudentColumns = (f: StudentFilters) =>
  f.degree !== '' || f.year !== undefined || f.placed !== undefined;

export function whereStudents(f: StudentFilters): SQL {
  // A literal, not a parameter: the planner must see it to match the partial index.
  const conditions: SQL[] = [sql`${accounts.role} = 'student'`];
  const prefix = f.search.trim().toLowerCase().replace(/\s+/g, ' ');
  if (prefix) {
    conditions.push(sql`${fullName} >= ${prefix}`, sql`${fullName} < ${nextPrefix(prefix)}`);
  }
  if (f.degree) {
    conditions.push(
      sql`exists (select 1 from unnest(${students.degrees}) d where lower(d) = ${f.degree.toLowerCase()})`,
    );
  }
  if (f.year !== undefined) conditions.push(eq(students.yearOfPassing, f.year));
  if (f.placed !== undefined) conditions.push(eq(students.isPlaced, f.placed));
  if (f.status) conditions.push(eq(accounts.status, f.status));
  return and(...conditions)!;
}

/** Where a chunk of the list ends: the sort name (as the index has it) and the id. */
export type StudentKey = { sortName: string; id: string };

export type StaffUpdate = {
  /** The sign-in email is not among them: it changes only through a confirmed email change. */
  account: { firstName: string; lastName: string; phone: string; status: AccountStatus };
  student: {
    fathersName: string;
    mothersName: string;
    rollNumber: number | null;
    degrees: string[];
    collegeName: string;
    cgpa: number | null;
    yearOfPassing: number | null;
    isPlaced: boolean;
    placedCompany: string;
    packageOffered: number | null;
    placementNote: string;
    debarReason: string;
    debarredUntil: string | null;
  };
  /** Who verified the academic details and when; null clears it, undefined leaves it as it is. */
  verification?: { at: Date; byId: string; byName: string } | null | undefined;
  changes: { field: string; oldValue: string; newValue: string }[];
  actor: { id: string; name: string };
};

export function createStudentRecordsRepo(db: Database) {
  return {
    /**
     * One page of students with the first internships and projects of each (`card`: how many, descriptions cut), and how
     * many match, counted up to `countCap` (+1 to tell there are more): one statement.
     */
    async page(
      f: StudentFilters,
      page: number,
      pageSize: number,
      countCap: number,
      card: { entries: number; descriptionChars: number },
    ) {
      const base = db.select({ one: sql`1`.as('one') }).from(accounts);
      const matches = db.$with('matches').as(
        (needsStudentColumns(f) ? base.innerJoin(students, eq(students.accountId, accounts.id)) : base)
          .where(whereStudents(f))
          // In index order, so the scan stops after countCap + 1 rows instead of collecting every match.
          .orderBy(fullName)
          .limit(countCap + 1),
      );
      const matchedSql = sql<number>`(select count(*)::int from ${matches})`;
      const rows = await db
        .with(matches)
        .select({
          account: accounts,
          student: students,
          internships: internshipsJson(card),
          projects: projectsJson(card),
          matched: matchedSql,
        })
        .from(accounts)
        .innerJoin(students, eq(students.accountId, accounts.id))
        .where(whereStudents(f))
        .orderBy(fullName, asc(accounts.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      if (rows.length > 0) return { rows, matched: rows[0]!.matched };
      // A page past the end has no row to carry the count.
      const [counted] = await db
        .with(matches)
        .select({ n: matchedSql })
        .from(sql`(select 1) as one`);
      return { rows, matched: counted?.n ?? 0 };
    },

    /**
     * The matching students after the one at `after` in the list's order (name, then id), at most
     * `limit`: the CSV export reads the list a chunk at a time by this key.
     */
    chunkAfter(f: StudentFilters, after: StudentKey | null, limit: number) {
      return db
        .select({ account: accounts, student: students, sortName: sql<string>`${fullName}` })
        .from(accounts)
        .innerJoin(students, eq(students.accountId, accounts.id))
        .where(
          and(
            whereStudents(f),
            after
              ? sql`(${fullName}, ${accounts.id}) > (${after.sortName}::text, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(fullName, asc(accounts.id))
        .limit(limit);
    },

    /** The newest `limit` audit entries of the student. */
    auditFor(studentId: string, limit: number) {
      return db
        .select()
        .from(studentAuditLog)
        .where(eq(studentAuditLog.studentId, studentId))
        .orderBy(desc(studentAuditLog.createdAt), desc(studentAuditLog.id))
        .limit(limit);
    },

    /**
     * Applies a staff edit if the record is still at `version`, with its audit rows, in one
     * transaction. 'stale' when someone saved in between.
     */
    async applyUpdate(id: string, version: number, update: StaffUpdate): Promise<'ok' | 'stale'> {
      return db.transaction(async (tx) => {
        const verified = update.verification;
        const bumped = await tx
          .update(students)
          .set({
            ...update.student,
            ...(verified === undefined
              ? {}
              : {
                  academicsVerifiedAt: verified?.at ?? null,
                  academicsVerifiedById: verified?.byId ?? null,
                  academicsVerifiedByName: verified?.byName ?? '',
                }),
            version: sql`${students.version} + 1`,
          })
          .where(and(eq(students.accountId, id), eq(students.version, version)))
          .returning({ id: students.accountId });
        if (bumped.length === 0) return 'stale' as const;
        await tx
          .update(accounts)
          .set({ ...update.account, updatedAt: new Date() })
          .where(eq(accounts.id, id));
        if (update.changes.length > 0) {
          await tx.insert(studentAuditLog).values(
            update.changes.map((c) => ({
              ...c,
              studentId: id,
              actorId: update.actor.id,
              actorName: update.actor.name,
            })),
          );
        }
        return 'ok' as const;
      });
    },
  };
}
export type StudentRecordsRepo = ReturnType<typeof createStudentRecordsRepo>;
