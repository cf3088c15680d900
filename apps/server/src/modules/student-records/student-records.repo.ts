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

/** How a filter's value enters the SQL: as a bound value, or as a named placeholder of a prepared statement. */
type Bind = (name: keyof FilterParams, value: FilterParams[keyof FilterParams]) => unknown;
const asValue: Bind = (_name, value) => value;
const asPlaceholder: Bind = (name) => sql.placeholder(name);

/** The values a filter binds, by placeholder name (`from`/`to`: the name range of the search). */
type FilterParams = {
  from: string;
  to: string;
  degree: string;
  year: number | undefined;
  placed: boolean | undefined;
  status: AccountStatus | undefined;
};

function filterParams(f: StudentFilters): FilterParams {
  const prefix = f.search.trim().toLowerCase().replace(/\s+/g, ' ');
  return {
    from: prefix,
    to: prefix ? nextPrefix(prefix) : '',
    degree: f.degree.toLowerCase(),
    year: f.year,
    placed: f.placed,
    status: f.status,
  };
}

/** Which conditions a filter has: queries with the same shape differ only in their values. */
const shapeOf = (p: FilterParams) => [
  p.from !== '',
  p.degree !== '',
  p.year !== undefined,
  p.placed !== undefined,
  p.status !== undefined,
];

export function whereStudents(f: StudentFilters, bind: Bind = asValue): SQL {
  const p = filterParams(f);
  const value = (name: keyof FilterParams) => bind(name, p[name]);
  // A literal, not a parameter: the planner must see it to match the partial index.
  const conditions: SQL[] = [sql`${accounts.role} = 'student'`];
  if (p.from) conditions.push(sql`${fullName} >= ${value('from')}`, sql`${fullName} < ${value('to')}`);
  if (p.degree) {
    conditions.push(
      sql`exists (select 1 from unnest(${students.degrees}) d where lower(d) = ${value('degree')})`,
    );
  }
  if (p.year !== undefined) conditions.push(sql`${students.yearOfPassing} = ${value('year')}`);
  if (p.placed !== undefined) conditions.push(sql`${students.isPlaced} = ${value('placed')}`);
  if (p.status) conditions.push(sql`${accounts.status} = ${value('status')}`);
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
  /** The students matching the filter, in index order so the scan stops after `countCap` + 1 of them. */
  const matchesOf = (f: StudentFilters, countCap: number, bind?: Bind) => {
    const base = db.select({ one: sql`1`.as('one') }).from(accounts);
    return db.$with('matches').as(
      (needsStudentColumns(f) ? base.innerJoin(students, eq(students.accountId, accounts.id)) : base)
        .where(whereStudents(f, bind))
        .orderBy(fullName)
        .limit(countCap + 1),
    );
  };
  const matchedSql = sql<number>`(select count(*)::int from matches)`;

  /**
   * The list's page as a prepared statement, one per shape of filter (which conditions it has: at
   * most 32), built on first use. Staff type a search a letter at a time and page through it; each
   * request used to build the same SQL text again (13 % of the server's time under load).
   */
  const buildPage = (
    name: string,
    f: StudentFilters,
    countCap: number,
    card: { entries: number; descriptionChars: number },
  ) =>
    db
      .with(matchesOf(f, countCap, asPlaceholder))
      .select({
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
          resume: students.resume,
          isPlaced: students.isPlaced,
          placedCompany: students.placedCompany,
          packageOffered: students.packageOffered,
          placementNote: students.placementNote,
        },
        internships: internshipsJson(card),
        projects: projectsJson(card),
        matched: matchedSql,
      })
      .from(accounts)
      .innerJoin(students, eq(students.accountId, accounts.id))
      .where(whereStudents(f, asPlaceholder))
      .orderBy(fullName, asc(accounts.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name);
  const pageStatements = new Map<string, ReturnType<typeof buildPage>>();
  const pageStatement = (
    f: StudentFilters,
    params: FilterParams,
    countCap: number,
    card: { entries: number; descriptionChars: number },
  ) => {
    const key = JSON.stringify([shapeOf(params), countCap, card]);
    let statement = pageStatements.get(key);
    if (!statement) {
      statement = buildPage(`student_page_${pageStatements.size}`, f, countCap, card);
      pageStatements.set(key, statement);
    }
    return statement;
  };

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
      const params = filterParams(f);
      const rows = await pageStatement(f, params, countCap, card).execute({
        ...params,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      if (rows.length > 0) return { rows, matched: rows[0]!.matched };
      // A page past the end has no row to carry the count.
      const [counted] = await db
        .with(matchesOf(f, countCap))
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
