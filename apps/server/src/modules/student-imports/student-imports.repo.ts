import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { AuditChange } from '@portal/contracts/audit';
import type { Database } from '../../db/client.ts';
import { accounts, passwordResetTokens, studentAuditLog, studentImports, students } from '../../db/schema.ts';
import { enqueueEmails, type QueuedEmail } from '../mail/outbox-queue.ts';

/** Rows written per statement: well under PostgreSQL's 65,535 parameters a statement. */
const BATCH = 1_000;

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
      const keys = [
        emails.length > 0 ? inArray(accounts.email, emails) : undefined,
        // Roll numbers match in upper case (students_roll_number_upper_idx), as uniqueness does.
        rolls.length > 0
          ? inArray(
              sql`upper(${students.rollNumber})`,
              rolls.map((r) => r.toUpperCase()),
            )
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
        .where(and(sql`${accounts.role} <> 'student'`, inArray(accounts.email, emails)));
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
        const made = await db
          .insert(accounts)
          .values(
            batch.map((s) => ({
              role: 'student' as const,
              email: s.email,
              passwordHash: '',
              firstName: s.firstName,
              lastName: s.lastName,
              phone: s.phone,
            })),
          )
          .returning({ id: accounts.id, email: accounts.email });
        const idOf = new Map(made.map((m) => [m.email, m.id]));
        const withId = batch.map((s) => ({ ...s, id: idOf.get(s.email)! }));
        await db.insert(students).values(
          withId.map((s) => ({
            accountId: s.id,
            rollNumber: s.rollNumber,
            degrees: s.degrees,
            cgpa: s.cgpa,
            yearOfPassing: s.yearOfPassing,
            ...(s.verified
              ? {
                  academicsVerifiedAt: stamp.at,
                  academicsVerifiedById: stamp.byId,
                  academicsVerifiedByName: stamp.byName,
                }
              : {}),
          })),
        );
        await insertAudit(
          db,
          withId.flatMap((s) => s.changes.map((c) => ({ ...c, studentId: s.id }))),
          actor,
        );
        await db
          .insert(passwordResetTokens)
          .values(withId.map((s) => ({ accountId: s.id, tokenHash: s.tokenHash, expiresAt: linkExpiresAt })));
        await enqueueEmails(
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
      for (const batch of chunks(list)) {
        const rows = JSON.stringify(
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
        const values = sql`jsonb_to_recordset(${rows}::jsonb) as u(id uuid, first_name text, last_name text,
          phone text, roll_number text, degrees text[], cgpa double precision, year_of_passing integer,
          verify boolean)`;
        await db.execute(sql`
          update ${students} set
            roll_number = coalesce(u.roll_number, ${students.rollNumber}),
            degrees = coalesce(u.degrees, ${students.degrees}),
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
      for (const batch of chunks(list.flatMap((u) => u.changes.map((c) => ({ ...c, studentId: u.id }))))) {
        await insertAudit(db, batch, actor);
      }
    },
  };
}

async function insertAudit(
  db: Database,
  rows: (AuditChange & { studentId: string })[],
  actor: { id: string; name: string },
) {
  for (const batch of chunks(rows)) {
    await db
      .insert(studentAuditLog)
      .values(batch.map((r) => ({ ...r, actorId: actor.id, actorName: actor.name })));
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
