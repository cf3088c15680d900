import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { currentCollege, preparedOnFirstUse, unwalled } from '../../db/college-scope.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import type { AccountStatus } from '@portal/contracts/common';
import type { Database } from '../../db/client.ts';
import { accounts, studentAuditLog, students } from '../../db/schema.ts';
import { voidEmailChanges } from '../email-change/void-email-changes.ts';
import {
  asPlaceholder,
  filterParams,
  filterShape,
  fullName,
  internshipsJson,
  needsStudentColumns,
  projectsJson,
  type StudentFilters,
  whereStudents,
} from '../students/students.read.ts';

export type StaffUpdate = {
  /** The sign-in email is not among them: it changes only through a confirmed email change. */
  account: { firstName: string; lastName: string; phone: string; status: AccountStatus };
  student: {
    fathersName: string;
    mothersName: string;
    rollNumber: string | null;
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
  /** When the edit is made (the service's clock). */
  at: Date;
  /** Set when the edit suspends the student: their email change under way is void, audited so. */
  voidEmailChange?: { auditField: string } | undefined;
};

/**
 * A change to some of a record's columns (a bulk action): written as a staff edit is, with the
 * version bumped and its audit rows.
 */
export type StaffChange = Omit<StaffUpdate, 'account' | 'student'> & {
  account: Partial<StaffUpdate['account']>;
  student: Partial<StaffUpdate['student']>;
};

export function createStudentRecordsRepo(db: Database) {
  type Card = { entries: number; descriptionChars: number };

  /**
   * The first `countCap` + 1 students the filter matches: how many match ("500+" past the cap).
   * A search alone reads them from the name index, in its order, and stops there. A filter on the
   * students' own columns (degree, year, placement) keeps them in the list's order (name, then id)
   * to serve the page too: walking the name index for a degree and year few students have would
   * read every student, so it is left to the planner, with the degree and year indexes.
   */
  const matchesOf = (f: StudentFilters, countCap: number) => {
    const base = db
      .select({ id: accounts.id, sortName: sql<string>`${fullName}`.as('sort_key') })
      .from(accounts);
    const inOrder = needsStudentColumns(f)
      ? base
          .innerJoin(students, eq(students.accountId, accounts.id))
          .where(whereStudents(f, asPlaceholder))
          .orderBy(fullName, asc(accounts.id))
      : base.where(whereStudents(f, asPlaceholder)).orderBy(fullName);
    return db.$with('matches').as(inOrder.limit(countCap + 1));
  };

  const cardColumns = (card: Card) => ({
    account: {
      id: accounts.id,
      email: accounts.email,
      status: accounts.status,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
    },
    student: {
      rollNumber: students.rollNumber,
      degrees: students.degrees,
      cgpa: students.cgpa,
      yearOfPassing: students.yearOfPassing,
      academicsVerifiedAt: students.academicsVerifiedAt,
      resume: students.resume,
      isPlaced: students.isPlaced,
      placedCompany: students.placedCompany,
      packageOffered: students.packageOffered,
      placementNote: students.placementNote,
    },
    internships: internshipsJson(card),
    projects: projectsJson(card),
    matched: sql<number>`(select count(*)::int from matches)`,
  });

  /**
   * One page of the list. With a filter on the students' columns, a page among the first
   * `countCap` + 1 matches (all 25 pages of 20 the list offers past "500+") is read from the
   * matches the count found, so the students are looked for once. Otherwise (a search alone, or a
   * page further on) the page is read in the list's order directly: a name range stops after the
   * page, where collecting 501 students in (name, id) order cost PostgreSQL 2.5 times as much.
   */
  const buildPage = (name: string, f: StudentFilters, countCap: number, card: Card, fromMatches: boolean) => {
    const matches = matchesOf(f, countCap);
    const query = db.with(matches).select(cardColumns(card));
    return (
      fromMatches
        ? query
            .from(matches)
            .innerJoin(accounts, eq(accounts.id, matches.id))
            .innerJoin(students, eq(students.accountId, matches.id))
            .orderBy(matches.sortName, asc(matches.id))
        : query
            .from(accounts)
            .innerJoin(students, eq(students.accountId, accounts.id))
            .where(whereStudents(f, asPlaceholder))
            .orderBy(fullName, asc(accounts.id))
    )
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name);
  };

  /**
   * The list's statements are prepared, one per shape of filter (which conditions it has; for a
   * page, also whether it reads the matches): at most 64 pages and 32 counts, each built on first
   * use. Staff type a search a letter at a time and page through it; each request used to build the
   * same SQL text again (half the server's time on the list).
   */
  const pageStatements = preparedOnFirstUse<ReturnType<typeof buildPage>>('student_page');
  const buildCount = (name: string, f: StudentFilters, countCap: number) => {
    const matches = matchesOf(f, countCap);
    return db
      .with(matches)
      .select({ n: sql<number>`count(*)::int` })
      .from(matches)
      .prepare(name);
  };
  const countStatements = preparedOnFirstUse<ReturnType<typeof buildCount>>('student_count');

  return {
    /**
     * One page of students with the first internships and projects of each (`card`: how many,
     * descriptions cut), and how many match, counted up to `countCap` (+1 to tell there are more):
     * one prepared statement.
     */
    async page(f: StudentFilters, page: number, pageSize: number, countCap: number, card: Card) {
      const params = filterParams(f);
      const offset = (page - 1) * pageSize;
      const fromMatches = needsStudentColumns(f) && offset + pageSize <= countCap + 1;
      const pageKey = JSON.stringify([filterShape(params), countCap, card, fromMatches]);
      const statement = pageStatements(pageKey, (name) => buildPage(name, f, countCap, card, fromMatches));
      const rows = await statement.execute({
        ...params,
        limit: pageSize,
        offset,
      });
      if (rows.length > 0) return { rows, matched: rows[0]!.matched };
      // A page past the end has no row to carry the count.
      const countKey = JSON.stringify([filterShape(params), countCap]);
      const count = countStatements(countKey, (name) => buildCount(name, f, countCap));
      const [counted] = await count.execute(params);
      return { rows, matched: counted?.n ?? 0 };
    },

    /**
     * The planner's estimate of how many students the filter matches, without counting them: one
     * EXPLAIN (planning only, about as dear as a statement's parse). Asked only past the count's
     * cap, where counting every match of a one-letter search cost the database more than the page.
     */
    async estimateMatches(f: StudentFilters, collegeId?: number): Promise<number> {
      // The college as a literal, and planned unwalled (EXPLAIN reads no row): the planner cannot
      // see the value of the request's college setting, and would guess far fewer matches. The
      // caller names the college when it knows it (a staff member's), saving a statement.
      const college =
        collegeId ?? rowsOf<{ id: number }>(await db.execute(sql`select ${currentCollege} as id`))[0]?.id;
      const where = whereStudents(f, undefined, sql.raw(String(Math.trunc(Number(college)))));
      const base = db.select({ one: sql`1` }).from(accounts);
      const query = needsStudentColumns(f)
        ? base.innerJoin(students, eq(students.accountId, accounts.id)).where(where)
        : base.where(where);
      const result: unknown = await unwalled(
        async () => await db.execute(sql`explain (format json) ${query}`),
      );
      // postgres-js answers with the rows themselves, PGlite with { rows }; the plan is JSON or text.
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
        string,
        unknown
      >[];
      const cell = rows[0]?.['QUERY PLAN'];
      const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as [
        { Plan: { 'Plan Rows': number } },
      ];
      return plan[0].Plan['Plan Rows'];
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
    async applyUpdate(id: string, version: number, update: StaffChange): Promise<'ok' | 'stale'> {
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
          .set({ ...update.account, updatedAt: update.at })
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
        if (update.voidEmailChange) {
          await voidEmailChanges(tx, {
            accountId: id,
            now: update.at,
            actor: update.actor,
            auditField: update.voidEmailChange.auditField,
          });
        }
        return 'ok' as const;
      });
    },
  };
}
export type StudentRecordsRepo = ReturnType<typeof createStudentRecordsRepo>;
