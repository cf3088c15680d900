import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { AuditChange } from '@portal/contracts/audit';
import type { Database } from '../../db/client.ts';
import { currentCollege } from '../../db/college-scope.ts';
import { accounts, passwordResetTokens, studentAuditLog, studentImports, students } from '../../db/schema.ts';
import { enqueueManyEmails, type QueuedEmail } from '../mail/outbox-queue.ts';

/**
 * Rows written per statement. They travel as one JSON value (`json`), not as parameters: the
 * embedded database took four times as long for 45,000 audit rows bound as 1,000-row VALUES lists
 * (seven parameters a row) as for the same rows as JSON (docs/performance.md).
 */
const BATCH = 5_000;

/**
 * The request's college, worked out once for a statement (a scalar subquery is evaluated once)
 * instead of once a row: left to the accounts' trigger and the students' column default, the
 * session's setting was parsed for each of 10,000 rows (docs/performance.md).
 */
const college = sql`(select ${currentCollege})`;

/** One parameter carrying a list, read back in SQL with `jsonb_to_recordset` or `jsonb_array_elements`. */
const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/** postgres-js answers `execute` with the rows themselves, PGlite with `{ rows }`. */
const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];

const chunks = <T>(list: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += BATCH) out.push(list.slice(i, i + BATCH));
  return out;
};

/** Who vouched for the academic details and when. */
export type VerificationStamp = { at: Date; byId: string; byName: string };

export type NewImportedStudent = {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  rollNumber: string | null;
  degrees: string[];
  cgpa: number | null;
  yearOfPassing: number | null;
  verified: boolean;
  changes: AuditChange[];
  /** The set-password link: its token's hash and the email that carries it. */
  tokenHash: string;
  /** Without the account's id, which the insert makes. */
  mail: Omit<QueuedEmail, 'accountId'>;
};

export type ImportedUpdate = {
  id: string;
  account: { firstName?: string; lastName?: string; phone?: string };
  student: { rollNumber?: string; degrees?: string[]; cgpa?: number; yearOfPassing?: number };
  verify: boolean;
  changes: AuditChange[];
};

/** The queries of an import, on the database or inside one transaction. */
export type ImportQueries = ReturnType<typeof queries>;
export type ExistingStudent = Awaited<ReturnType<ImportQueries['studentsMatching']>>[number];

function queries(db: Database) {
  return {
    /**
     * Every student whose email is one of `emails` or whose roll number is one of `rolls`: one
     * query for a whole file. `lock` holds their rows until the transaction ends.
     */
    studentsMatching(emails: string[], rolls: string[], lock = false) {
      // Each list is one JSON parameter (a file's 10,000 emails were 10,000 parameters).
      const keys = [
        emails.length > 0
          ? sql`${accounts.email} in (select jsonb_array_elements_text(${json(emails)}))`
          : undefined,
        // Roll numbers match in upper case (students_roll_number_upper_idx), as uniqueness does.
        rolls.length > 0
          ? sql`upper(${students.rollNumber}) in (select jsonb_array_elements_text(${json(rolls.map((r) => r.toUpperCase()))}))`
          : undefined,
      ].filter((k) => k !== undefined);
      const query = db
        .select({
          id: accounts.id,
          email: accounts.email,
          firstName: accounts.firstName,
          lastName: accounts.lastName,
          phone: accounts.phone,
          rollNumber: students.rollNumber,
          degrees: students.degrees,
          cgpa: students.cgpa,
          yearOfPassing: students.yearOfPassing,
          verifiedAt: students.academicsVerifiedAt,
        })
        .from(accounts)
        .innerJoin(students, eq(students.accountId, accounts.id))
        .where(and(sql`${accounts.role} = 'student'`, keys.length > 0 ? or(...keys) : sql`false`));
      return lock ? query.for('update') : query;
    },

    /** Which of `emails` a staff or company account signs in with: no student may take them. */
    async otherRolesEmails(emails: string[]): Promise<string[]> {
      if (emails.length === 0) return [];
      const rows = await db
        .select({ email: accounts.email })
        .from(accounts)
        .where(
          and(
            sql`${accounts.role} <> 'student'`,
            sql`${accounts.email} in (select jsonb_array_elements_text(${json(emails)}))`,
          ),
        );
      return rows.map((r) => r.email);
    },

    async insertImport(row: typeof studentImports.$inferInsert) {
      const [created] = await db
        .insert(studentImports)
        .values(row)
        .returning({ id: studentImports.id, expiresAt: studentImports.expiresAt });
      return created!;
    },

    /** Imports created before `before`, whatever their state, are gone (with their rows). */
    async deleteOlderThan(before: Date) {
      await db.delete(studentImports).where(lt(studentImports.createdAt, before));
    },

    /** The import, its row locked until the transaction ends when `lock`. */
    async findImport(id: string, lock = false) {
      const query = db.select().from(studentImports).where(eq(studentImports.id, id));
      const [row] = await (lock ? query.for('update') : query);
      return row ?? null;
    },

    /** Marks the import applied or discarded and lets go of its rows. */
    async closeImport(id: string, status: 'applied' | 'discarded', at: Date) {
      await db
        .update(studentImports)
        .set({ status, rows: sql`'[]'::jsonb`, appliedAt: status === 'applied' ? at : null })
        .where(eq(studentImports.id, id));
    },

    /**
     * New students: accounts with no usable password (an empty hash never verifies), their
     * records, audit rows, set-password links and the emails carrying them, BATCH at a time.
     */
    async createStudents(
      list: NewImportedStudent[],
      actor: { id: string; name: string },
      stamp: VerificationStamp,
      linkExpiresAt: Date,
    ) {
      for (const batch of chunks(list)) {
        const made = rowsOf<{ id: string; email: string }>(
          await db.execute(sql`
            insert into ${accounts} (role, college_id, email, password_hash, first_name, last_name, phone)
            select 'student', ${college}, r->>0, '', r->>1, r->>2, r->>3
            from jsonb_array_elements(${json(batch.map((s) => [s.email, s.firstName, s.lastName, s.phone]))}) r
            returning id, email`),
        );
        const idOf = new Map(made.map((m) => [m.email, m.id]));
        const withId = batch.map((s) => ({ ...s, id: idOf.get(s.email)! }));
        const records = withId.map((s) => ({
          id: s.id,
          roll_number: s.rollNumber,
          degrees: s.degrees,
          cgpa: s.cgpa,
          year_of_passing: s.yearOfPassing,
          verify: s.verified,
        }));
        await db.execute(sql`
          insert into ${students} (account_id, college_id, roll_number, degrees, cgpa, year_of_passing,
            academics_verified_at, academics_verified_by_id, academics_verified_by_name)
          select r.id, ${college}, r.roll_number, r.degrees, r.cgpa, r.year_of_passing,
            case when r.verify then ${stamp.at.toISOString()}::timestamptz end,
            case when r.verify then ${stamp.byId}::uuid end,
            case when r.verify then ${stamp.byName} else '' end
          from jsonb_to_recordset(${json(records)}) as r(id uuid, roll_number text, degrees text[],
            cgpa double precision, year_of_passing integer, verify boolean)`);
        await insertAudit(
          db,
          withId.flatMap((s) => s.changes.map((c) => ({ ...c, studentId: s.id }))),
          actor,
        );
        await db.execute(sql`
          insert into ${passwordResetTokens} (account_id, token_hash, expires_at)
          select (r->>0)::uuid, r->>1, ${linkExpiresAt.toISOString()}::timestamptz
          from jsonb_array_elements(${json(withId.map((s) => [s.id, s.tokenHash]))}) r`);
        await enqueueManyEmails(
          db,
          withId.map((s) => ({ ...s.mail, accountId: s.id })),
        );
      }
    },

    /**
     * Changes to existing students, BATCH a statement: each row's values travel as JSON, and a
     * value the row does not change is null there, which keeps the stored one.
     */
    async updateStudents(
      list: ImportedUpdate[],
      actor: { id: string; name: string },
      stamp: VerificationStamp,
    ) {
      // Naming "degrees" in the SET list runs the programme trigger for every row, even where the
      // value stays (about 2 ms a row on the embedded database): rows that change no degree go in
      // statements that do not name it.
      const groups = [
        { withDegrees: true, rows: list.filter((u) => u.student.degrees !== undefined) },
        { withDegrees: false, rows: list.filter((u) => u.student.degrees === undefined) },
      ];
      for (const { withDegrees, rows: group } of groups) {
        for (const batch of chunks(group)) {
          const rows = json(
            batch.map((u) => ({
              id: u.id,
              first_name: u.account.firstName ?? null,
              last_name: u.account.lastName ?? null,
              phone: u.account.phone ?? null,
              roll_number: u.student.rollNumber ?? null,
              degrees: u.student.degrees ?? null,
              cgpa: u.student.cgpa ?? null,
              year_of_passing: u.student.yearOfPassing ?? null,
              verify: u.verify,
            })),
          );
          const values = sql`jsonb_to_recordset(${rows}) as u(id uuid, first_name text, last_name text,
            phone text, roll_number text, degrees text[], cgpa double precision, year_of_passing integer,
            verify boolean)`;
          await db.execute(sql`
            update ${students} set
              roll_number = coalesce(u.roll_number, ${students.rollNumber}),
              ${withDegrees ? sql`degrees = coalesce(u.degrees, ${students.degrees}),` : sql``}
              cgpa = coalesce(u.cgpa, ${students.cgpa}),
              year_of_passing = coalesce(u.year_of_passing, ${students.yearOfPassing}),
              academics_verified_at = case when u.verify then ${stamp.at.toISOString()}::timestamptz
                else ${students.academicsVerifiedAt} end,
              academics_verified_by_id = case when u.verify then ${stamp.byId}::uuid
                else ${students.academicsVerifiedById} end,
              academics_verified_by_name = case when u.verify then ${stamp.byName}
                else ${students.academicsVerifiedByName} end,
              version = ${students.version} + 1
            from ${values}
            where ${students.accountId} = u.id`);
          if (batch.some((u) => Object.keys(u.account).length > 0)) {
            await db.execute(sql`
              update ${accounts} set
                first_name = coalesce(u.first_name, ${accounts.firstName}),
                last_name = coalesce(u.last_name, ${accounts.lastName}),
                phone = coalesce(u.phone, ${accounts.phone}),
                updated_at = ${stamp.at.toISOString()}::timestamptz
              from ${values}
              where ${accounts.id} = u.id
                and (u.first_name is not null or u.last_name is not null or u.phone is not null)`);
          }
        }
      }
      await insertAudit(
        db,
        list.flatMap((u) => u.changes.map((c) => ({ ...c, studentId: u.id }))),
        actor,
      );
    },
  };
}

/** The trace of every change, BATCH rows a statement. */
async function insertAudit(
  db: Database,
  rows: (AuditChange & { studentId: string })[],
  actor: { id: string; name: string },
) {
  for (const batch of chunks(rows)) {
    await db.execute(sql`
      insert into ${studentAuditLog} (student_id, actor_id, actor_name, field, old_value, new_value)
      select (r->>0)::uuid, ${actor.id}::uuid, ${actor.name}, r->>1, r->>2, r->>3
      from jsonb_array_elements(${json(batch.map((r) => [r.studentId, r.field, r.oldValue, r.newValue]))}) r`);
  }
}

export function createStudentImportsRepo(db: Database) {
  const q = queries(db);
  return {
    ...q,
    /** Runs `work` in one transaction, with the queries bound to it. */
    transaction<T>(work: (tx: ImportQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(queries(tx as unknown as Database)));
    },
  };
}
export type StudentImportsRepo = ReturnType<typeof createStudentImportsRepo>;
