import fs from 'node:fs/promises';
import path from 'node:path';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { z } from 'zod';
import { detectFileType } from '../lib/file-types.ts';
import type { Storage } from '../lib/storage.ts';
import type { Database } from './client.ts';
import { withinColleges } from './college-scope.ts';
import { rowsOf } from './raw-rows.ts';

/**
 * One college's rows on their own (docs/reliability.md, "One college's export"): `exportCollege`
 * writes a logical export (JSON) of exactly that college's rows, on either database;
 * `restoreCollege` replaces that college's rows with the export's in one transaction, leaving
 * every other college's rows as they are.
 *
 * Which rows are a college's is written once per table below (`collegeTables`), as the college
 * wall of migration 0026 draws it: a `college_id` column, or the college's accounts, students,
 * drive days or events the row hangs off. Both the export and the restore read through it, inside
 * `withinColleges([college])`, so row-level security holds them to the college as well, on the
 * tables its policies cover (the tables without a policy, messages and university directors, the
 * filter alone).
 *
 * Shared rows (company accounts, companies, jobs, a company's messages) are exported where the
 * college's rows reference them, and never changed by a restore: one that exists is kept as it is
 * now. One that no longer exists is, by default, not written either: a college row that references
 * it is handled as PostgreSQL would have handled it had it existed when the shared row was deleted
 * (its foreign key's ON DELETE): skipped with its dependents (CASCADE), or restored with the
 * reference emptied (SET NULL), and counted. With `withCompanies` (a college moving to a deployment
 * of its own, `npm run restore -- --with-companies`) the restore first creates the shared rows of
 * the export that the database lacks (`createMissingShared`), so the college keeps its placement
 * history.
 */

export const EXPORT_FORMAT = 'campus-placement-portal-college-export';
const EXPORT_VERSION = 1;

type RowFilter = (table: SQLWrapper, college: number) => SQL;

const id = (name: string) => sql.identifier(name);
const accountsOf = (college: number) => sql`(select a.id from accounts a where a.college_id = ${college})`;
const studentsOf = (college: number) =>
  sql`(select s.account_id from students s where s.college_id = ${college})`;
const byColumn =
  (column = 'college_id'): RowFilter =>
  (t, college) =>
    sql`${t}.${id(column)} = ${college}`;
const byAccount =
  (column = 'account_id'): RowFilter =>
  (t, college) =>
    sql`${t}.${id(column)} in ${accountsOf(college)}`;
const byStudent: RowFilter = (t, college) => sql`${t}.student_id in ${studentsOf(college)}`;
const byDriveDay: RowFilter = (t, college) =>
  sql`${t}.drive_day_id in (select d.id from drive_days d where d.college_id = ${college})`;

/**
 * The college's tables, parents before children (the order a restore writes them in). A table of
 * the public schema is either here, in `sharedTables` or in `notExported`: the test fails on one
 * that is in none, so a new table is classified when it is added.
 */
export const collegeTables: readonly { name: string; of: RowFilter }[] = [
  { name: 'colleges', of: byColumn('id') },
  { name: 'accounts', of: byColumn() },
  { name: 'college_settings', of: byColumn('id') },
  { name: 'programmes', of: byColumn() },
  { name: 'students', of: byColumn() },
  { name: 'staff_members', of: byAccount() },
  { name: 'university_directors', of: byAccount() },
  { name: 'internships', of: byStudent },
  { name: 'projects', of: byStudent },
  { name: 'student_audit_log', of: byStudent },
  { name: 'academic_change_requests', of: byStudent },
  { name: 'record_views', of: byStudent },
  { name: 'notifications', of: byAccount() },
  { name: 'email_change_requests', of: byAccount() },
  { name: 'degree_mappings', of: byColumn() },
  { name: 'placement_policies', of: byColumn() },
  { name: 'student_imports', of: byColumn() },
  { name: 'signin_providers', of: byColumn() },
  { name: 'password_signin', of: byColumn() },
  { name: 'company_colleges', of: byColumn() },
  { name: 'company_status_changes', of: byColumn() },
  // The college's decisions on a company's new name (migration 0045); the company's asks, with no
  // college, are shared.
  { name: 'company_name_changes', of: byColumn() },
  { name: 'job_colleges', of: byColumn() },
  { name: 'events', of: byColumn() },
  {
    name: 'event_registrations',
    of: (t, c) => sql`${t}.event_id in (select e.id from events e where e.college_id = ${c})`,
  },
  { name: 'applications', of: byColumn() },
  { name: 'application_events', of: byColumn() },
  { name: 'offers', of: byColumn() },
  { name: 'drive_days', of: byColumn() },
  { name: 'drive_day_rooms', of: byDriveDay },
  { name: 'drive_day_panels', of: byDriveDay },
  { name: 'drive_day_shortlists', of: byDriveDay },
  { name: 'drive_day_rankings', of: byDriveDay },
  { name: 'drive_day_interviews', of: byDriveDay },
  { name: 'drive_day_coordinators', of: byDriveDay },
  { name: 'no_shows', of: byStudent },
  // A staff member's message to the college's students; a company's is shared (its job's applicants
  // may be of several colleges).
  {
    name: 'messages',
    of: (t, c) =>
      sql`${t}.sender_role = 'college-staff' and (${t}.sender_id in ${accountsOf(c)} or exists (
        select 1 from message_recipients r where r.message_id = ${t}.id and r.student_id in ${accountsOf(c)}))`,
  },
  { name: 'message_recipients', of: byAccount('student_id') },
];

/**
 * Rows of several colleges (or none): exported where the college's rows reference them, never
 * changed by a restore (one `withCompanies` creates those missing: `sharedCreated`). (Company
 * accounts, a company's messages and its asks for a new name are shared rows of tables listed above.)
 */
export const sharedTables = ['companies', 'jobs', 'job_announcements'] as const;

/**
 * The college's rows an export leaves out, and why: credentials of the moment (a session or link
 * revoked since must not come back) and work in flight (emails to send, live events). A restore
 * keeps the current ones of the accounts it keeps; those of accounts it removes go with them.
 */
export const notExported: Record<string, string> = {
  sessions: 'sign-in sessions',
  trusted_devices: 'browsers trusted for sign-in',
  password_reset_tokens: 'password reset links',
  email_change_tokens: 'email change links',
  calendar_feeds: 'calendar feed links',
  provider_signins: 'sign-ins through a provider under way',
  live_events: 'live updates of the last hours',
  outbox_emails: 'emails waiting to be sent, or sent',
  college_changes: 'the counters the statistics cache keys on',
  college_change_counts: 'the counters the statistics cache keys on',
};

type Row = Record<string, unknown>;

const exportSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.number().int().positive(),
  createdAt: z.string(),
  /** How many of the app's migrations the database had: a restore refuses a newer export. */
  migrations: z.number().int().nonnegative(),
  college: z.object({ id: z.number().int().positive(), slug: z.string(), name: z.string() }),
  tables: z.record(
    z.string(),
    z.object({ key: z.array(z.string()).min(1), rows: z.array(z.record(z.string(), z.unknown())) }),
  ),
  shared: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
  notIncluded: z.object({
    tables: z.record(z.string(), z.string()),
    /**
     * Storage keys of the college's uploaded files (resumes, profile pictures): kept in storage,
     * and copied into a folder beside the export with `--files DIR` (`copyCollegeFiles`).
     */
    files: z.array(z.string()),
  }),
});
export type CollegeExport = z.infer<typeof exportSchema>;

/** A refusal the operator can act on: nothing was changed. */
export class CollegeExportError extends Error {
  override name = 'CollegeExportError';
}

export const collegeExportMessages = {
  noCollege: (slug: string, slugs: string[]) =>
    `There is no college "${slug}" in this database (colleges: ${slugs.join(', ') || 'none'}). ` +
    'Check --college, or add it with npm run college -- add <slug> "<name>" first.',
  noFile: (file: string) => `There is no file ${file}: nothing was restored.`,
  notAnExport: (file: string, why: string) =>
    `${file} is not a college export made by npm run backup -- --college (${why}): nothing was restored.`,
  otherCollege: (file: string, theirs: string, asked: string) =>
    `${file} is the export of college "${theirs}", not "${asked}": nothing was restored. ` +
    `Restore it with --college ${theirs}, or name the export of ${asked}.`,
  newer: (file: string, what: string) =>
    `${file} was made by a newer version of the portal (${what}): nothing was restored. ` +
    'Bring this deployment up to that version first (npm start applies its migrations), then restore it.',
  foreignRows: (file: string, table: string) =>
    `${file} holds rows of ${table} that are another college's in this database: nothing was restored. ` +
    'Restore only an export made by npm run backup -- --college, unedited.',
  conflict: (file: string, what: string) =>
    `Restoring ${file} would clash with rows of this database (${what}): nothing was restored. ` +
    'Change or remove the clashing row (another college may hold that email now), then restore again.',
  mismatch: (table: string, expected: number, found: number) =>
    `After the restore ${table} held ${found} row(s) of the college, the export ${expected}: nothing was restored.`,
};

/** How many of the app's migrations the database has. */
async function appliedMigrations(db: Database): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
  );
  return row?.n ?? 0;
}

async function collegeBySlug(db: Database, slug: string) {
  const all = rowsOf<{ id: number; slug: string; name: string }>(
    await db.execute(sql`select id, slug, name from colleges order by id`),
  );
  const college = all.find((c) => c.slug === slug);
  if (!college)
    throw new CollegeExportError(
      collegeExportMessages.noCollege(
        slug,
        all.map((c) => c.slug),
      ),
    );
  return college;
}

/** The primary key's columns of each table of the public schema. */
async function primaryKeys(db: Database): Promise<Map<string, string[]>> {
  const rows = rowsOf<{ table: string; columns: string[] }>(
    await db.execute(sql`
      select c.relname as "table",
        array_agg(a.attname::text order by array_position(i.indkey::int2[], a.attnum)) as columns
      from pg_index i
      join pg_class c on c.oid = i.indrelid
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
      where i.indisprimary
      group by c.relname`),
  );
  return new Map(rows.map((r) => [r.table, r.columns]));
}

/** Where the college's rows name shared ones: the jobs and companies an export keeps for the record. */
const sharedReferences: Record<'jobs' | 'companies', string[]> = {
  jobs: [
    'applications.job_id',
    'offers.job_id',
    'job_colleges.job_id',
    'events.job_id',
    'drive_day_panels.job_id',
    'messages.job_id',
  ],
  companies: ['company_colleges.company_id', 'company_status_changes.company_id', 'events.company_id'],
};

/** The values of `table.column` in the exported rows. */
const valuesOf = (tables: CollegeExport['tables'], ref: string): string[] => {
  const [table, column] = ref.split('.') as [string, string];
  return (tables[table]?.rows ?? [])
    .map((row) => row[column])
    .filter((v): v is string => typeof v === 'string');
};

/**
 * Exports the college `slug`'s rows (see the top of this file). On a PostgreSQL server they are
 * read in one REPEATABLE READ transaction, one moment's rows while the server runs; the embedded
 * database's one connection runs one transaction at a time anyway (and a walled transaction's
 * first statement there sets its scope, before which an isolation level must be set).
 */
export async function exportCollege(
  db: Database,
  slug: string,
  driver: 'pglite' | 'postgres',
): Promise<CollegeExport> {
  const migrations = await appliedMigrations(db);
  const college = await collegeBySlug(db, slug);
  const keys = await primaryKeys(db);
  const tables: CollegeExport['tables'] = {};
  const shared: CollegeExport['shared'] = {};
  const files: string[] = [];
  await withinColleges([college.id], () =>
    db.transaction(
      async (tx) => {
        // One snapshot for every table: the export is of one moment.
        for (const { name, of } of collegeTables) {
          const key = keys.get(name);
          if (!key) throw new Error(`table ${name} has no primary key`);
          const t = id(name);
          const [{ rows } = { rows: [] }] = rowsOf<{ rows: Row[] }>(
            await tx.execute(sql`
            select coalesce(json_agg(row_to_json(${t}) order by ${sql.join(
              key.map((k) => sql`${t}.${id(k)}`),
              sql`, `,
            )}), '[]'::json) as rows
            from ${t} where ${of(t, college.id)}`),
          );
          tables[name] = { key, rows };
        }
        const ids = (values: string[]) =>
          sql`(select json_array_elements_text(${JSON.stringify(values)}::text::json)::uuid)`;
        const jobIds = [...new Set(sharedReferences.jobs.flatMap((ref) => valuesOf(tables, ref)))];
        const sharedRows = async (query: SQL) =>
          rowsOf<{ rows: Row[] }>(await tx.execute(query))[0]?.rows ?? [];
        shared.jobs = await sharedRows(
          sql`select coalesce(json_agg(row_to_json(j) order by j.id), '[]'::json) as rows from jobs j where j.id in ${ids(jobIds)}`,
        );
        const companyIds = [
          ...new Set([
            ...sharedReferences.companies.flatMap((ref) => valuesOf(tables, ref)),
            ...shared.jobs.map((job) => job.company_id as string),
          ]),
        ];
        shared.companies = await sharedRows(
          sql`select coalesce(json_agg(row_to_json(c) order by c.account_id), '[]'::json) as rows from companies c where c.account_id in ${ids(companyIds)}`,
        );
        // The companies' accounts without their password hashes: a college that leaves takes no company's sign-in.
        shared.accounts = await sharedRows(
          sql`select coalesce(json_agg(to_jsonb(a) - 'password_hash' order by a.id), '[]'::json) as rows from accounts a where a.id in ${ids(companyIds)}`,
        );
        const ownMessages = new Set(valuesOf(tables, 'messages.id'));
        const companyMessages = [...new Set(valuesOf(tables, 'message_recipients.message_id'))].filter(
          (m) => !ownMessages.has(m),
        );
        shared.messages = await sharedRows(
          sql`select coalesce(json_agg(row_to_json(m) order by m.id), '[]'::json) as rows from messages m where m.id in ${ids(companyMessages)}`,
        );
      },
      driver === 'postgres' ? { isolationLevel: 'repeatable read' } : undefined,
    ),
  );
  const keysIn = (rows: Row[] | undefined, column: string) =>
    (rows ?? [])
      .map((row) => row[column])
      .filter((key): key is string => typeof key === 'string' && key !== '');
  files.push(...keysIn(tables.accounts?.rows, 'profile_picture'), ...keysIn(tables.students?.rows, 'resume'));
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    createdAt: new Date().toISOString(),
    migrations,
    college,
    tables,
    shared,
    notIncluded: { tables: notExported, files: files.sort() },
  };
}

/** Writes the export to `out`, whole or not at all (written beside it and renamed). */
export async function writeCollegeExport(data: CollegeExport, out: string): Promise<number> {
  await fs.mkdir(path.dirname(out), { recursive: true });
  const partial = `${out}.partial`;
  try {
    await fs.writeFile(partial, `${JSON.stringify(data)}\n`);
    await fs.rename(partial, out);
  } finally {
    await fs.rm(partial, { force: true });
  }
  return (await fs.stat(out)).size;
}

/** Reads and checks an export file: refuses one that is not an export, or is damaged. */
export async function readCollegeExport(file: string): Promise<CollegeExport> {
  let text;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new CollegeExportError(collegeExportMessages.noFile(file));
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new CollegeExportError(collegeExportMessages.notAnExport(file, 'it is not JSON'));
  }
  const head = z.object({ format: z.literal(EXPORT_FORMAT), version: z.number() }).safeParse(json);
  if (!head.success)
    throw new CollegeExportError(
      collegeExportMessages.notAnExport(file, `it does not say "format": "${EXPORT_FORMAT}"`),
    );
  if (head.data.version > EXPORT_VERSION) {
    throw new CollegeExportError(
      collegeExportMessages.newer(
        file,
        `export format ${head.data.version}, this version reads ${EXPORT_VERSION}`,
      ),
    );
  }
  const parsed = exportSchema.safeParse(json);
  if (!parsed.success)
    throw new CollegeExportError(
      collegeExportMessages.notAnExport(file, `it is damaged: ${parsed.error.issues[0]?.path.join('.')}`),
    );
  const known = new Set(collegeTables.map((t) => t.name));
  const unknown = Object.keys(parsed.data.tables).find((name) => !known.has(name));
  if (unknown)
    throw new CollegeExportError(
      collegeExportMessages.notAnExport(file, `it holds a table ${unknown} that is no college's`),
    );
  return parsed.data;
}

type ForeignKey = {
  column: string;
  refTable: string;
  refColumn: string;
  onDelete: 'cascade' | 'set null' | 'restrict';
};

/**
 * How an export's rows (`r`) meet the foreign keys of the columns written: a reference to a row
 * that exists (or none) is `present`; the `required` keys skip a row whose reference is missing
 * (CASCADE, RESTRICT), the `nullable` ones (SET NULL) empty it instead, as PostgreSQL would have
 * had the referenced row been deleted.
 */
const present = (fk: ForeignKey) =>
  sql`(r.${id(fk.column)} is null or exists (select 1 from ${id(fk.refTable)} x where x.${id(fk.refColumn)} = r.${id(fk.column)}))`;
function referencesOf(fks: ForeignKey[] | undefined, written: string[]) {
  const references = (fks ?? []).filter((fk) => written.includes(fk.column));
  return {
    required: references.filter((fk) => fk.onDelete !== 'set null'),
    nullable: references.filter((fk) => fk.onDelete === 'set null'),
  };
}
/** A count of the rows admitted by `where` that would have each nullable reference emptied, as `n0`, `n1`… */
const emptiedCounts = (nullable: ForeignKey[], where: SQL) =>
  sql.join(
    nullable.map(
      (fk, i) => sql`, count(*) filter (where (${where}) and not ${present(fk)})::int as ${id(`n${i}`)}`,
    ),
    sql``,
  );
/** The written columns' values: a nullable reference to a missing row emptied; `set` overrides. */
const projectionOf = (written: string[], nullable: ForeignKey[], set: Record<string, SQL> = {}) =>
  written.map((c) => {
    if (set[c]) return set[c];
    const fk = nullable.find((f) => f.column === c);
    return fk ? sql`case when ${present(fk)} then r.${id(c)} end` : sql`r.${id(c)}`;
  });

/** An export's rows of a table as a set of that table's records, named `r`, in one parameter. */
const recordsOf = (table: string, rows: Row[]) =>
  sql`json_populate_recordset(null::${id(table)}, ${JSON.stringify(rows)}::text::json) r`;

/** The single-column foreign keys of each table of the public schema. */
async function foreignKeys(db: Database): Promise<Map<string, ForeignKey[]>> {
  const rows = rowsOf<{
    table: string;
    column: string;
    ref_table: string;
    ref_column: string;
    action: string;
  }>(
    await db.execute(sql`
      select c.conrelid::regclass::text as "table", a.attname::text as "column",
        c.confrelid::regclass::text as ref_table, r.attname::text as ref_column, c.confdeltype::text as action
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      join pg_attribute r on r.attrelid = c.confrelid and r.attnum = c.confkey[1]
      where c.contype = 'f' and c.connamespace = 'public'::regnamespace and cardinality(c.conkey) = 1`),
  );
  const byTable = new Map<string, ForeignKey[]>();
  for (const row of rows) {
    const onDelete = row.action === 'c' ? 'cascade' : row.action === 'n' ? 'set null' : 'restrict';
    const list = byTable.get(row.table) ?? [];
    list.push({ column: row.column, refTable: row.ref_table, refColumn: row.ref_column, onDelete });
    byTable.set(row.table, list);
  }
  return byTable;
}

/** The columns a row of each table is written with (not the generated ones). */
async function writableColumns(db: Database): Promise<Map<string, Set<string>>> {
  const rows = rowsOf<{ table: string; column: string }>(
    await db.execute(sql`
      select table_name::text as "table", column_name::text as "column" from information_schema.columns
      where table_schema = 'public' and is_generated = 'NEVER'`),
  );
  const byTable = new Map<string, Set<string>>();
  for (const row of rows) byTable.set(row.table, (byTable.get(row.table) ?? new Set()).add(row.column));
  return byTable;
}

/**
 * The shared rows a restore `withCompanies` creates when the database lacks them, parents first;
 * `set` overrides the export's value of a column. A row that exists is never written.
 */
const sharedCreated: readonly { name: string; key: string; set?: Record<string, SQL>; only?: SQL }[] = [
  // A company's account has no college, and no usable password: an empty hash never verifies
  // (auth.service.ts), as an imported student's; the company sets one through "Forgot password".
  // An email another account holds here (another id) is not taken: the company is not created.
  { name: 'accounts', key: 'id', set: { password_hash: sql`''`, college_id: sql`null` } },
  {
    name: 'companies',
    key: 'account_id',
    only: sql`exists (select 1 from accounts x where x.id = r.account_id and x.role = 'company')`,
  },
  // A job's required event is the college's, written after the shared rows: set then (below).
  { name: 'jobs', key: 'id', set: { required_event_id: sql`null` } },
  { name: 'messages', key: 'id' },
];

/** What a restore `withCompanies` did with the export's shared rows, by table. */
export type SharedRowsSummary = {
  /** Rows the database lacked, created from the export. */
  created: Record<string, number>;
  /** Rows the database has: kept as they are now. */
  kept: Record<string, number>;
  /**
   * Rows not created: a company whose email another account holds here, with its jobs and
   * messages (the college's rows referencing them are skipped as well, in `skipped`).
   */
  skipped: Record<string, number>;
};

export type RestoreCollegeSummary = {
  college: { slug: string; name: string };
  exportedAt: string;
  /** Rows of each table the college holds after the restore. */
  restored: Record<string, number>;
  /** Rows of the export not restored, by table: they referenced shared rows that no longer exist. */
  skipped: Record<string, number>;
  /** References to shared rows (or other colleges' accounts) emptied, by table and column. */
  emptied: Record<string, number>;
  /** With `withCompanies`: the shared rows created, kept and skipped; null without. */
  shared: SharedRowsSummary | null;
};

/** PostgreSQL's error code and its words, from either driver's error. */
const pgError = (error: unknown): { code?: string; detail?: string; constraint?: string } => {
  let e = error as {
    code?: string;
    detail?: string;
    constraint?: string;
    constraint_name?: string;
    cause?: unknown;
  };
  if (!e?.code && e?.cause) e = e.cause;
  return { code: e?.code, detail: e?.detail, constraint: e?.constraint ?? e?.constraint_name };
};

/**
 * Replaces the college `slug`'s rows with the export's, in one transaction (see the top of this
 * file): the export's rows are written over the college's (inserted, or updated in place, so the
 * rows left out of exports keep pointing at them), then the college's rows the export does not
 * hold are deleted. Any refusal leaves the database as it was.
 */
export async function restoreCollege(
  db: Database,
  options: { file: string; slug: string; withCompanies?: boolean },
): Promise<RestoreCollegeSummary> {
  const { file, slug, withCompanies = false } = options;
  const data = await readCollegeExport(file);
  // The shared rows a restore may create are a company's, of no college: a forged account of a
  // college, or a staff member's message, is refused.
  if (withCompanies) {
    const accountRows = data.shared.accounts ?? [];
    if (accountRows.some((a) => a.role !== 'company' || (a.college_id ?? null) !== null)) {
      throw new CollegeExportError(
        collegeExportMessages.notAnExport(file, "a shared account is not a company's"),
      );
    }
    if ((data.shared.messages ?? []).some((m) => m.sender_role !== 'company')) {
      throw new CollegeExportError(
        collegeExportMessages.notAnExport(file, "a shared message is not a company's"),
      );
    }
  }
  if (data.college.slug !== slug) {
    throw new CollegeExportError(collegeExportMessages.otherCollege(file, data.college.slug, slug));
  }
  const migrations = await appliedMigrations(db);
  if (data.migrations > migrations) {
    throw new CollegeExportError(
      collegeExportMessages.newer(
        file,
        `its database had ${data.migrations} migrations, this one has ${migrations}`,
      ),
    );
  }
  const college = await collegeBySlug(db, slug);
  const [keys, fks, columns] = await Promise.all([primaryKeys(db), foreignKeys(db), writableColumns(db)]);

  // The college may have another id here (restored into a database where it was added again):
  // its rows are written with this one's.
  const collegeColumns = (table: string) =>
    table === 'colleges' || table === 'college_settings' ? ['id'] : ['college_id'];
  const tables = collegeTables
    .filter(({ name }) => data.tables[name])
    .map(({ name, of }) => {
      const rows = data.tables[name]!.rows.map((row) => {
        const copy = { ...row };
        for (const column of collegeColumns(name)) {
          if (column in copy) {
            if (copy[column] !== data.college.id) {
              throw new CollegeExportError(
                collegeExportMessages.notAnExport(file, `a row of ${name} is of another college`),
              );
            }
            copy[column] = college.id;
          }
        }
        return copy;
      });
      return { name, of, rows, key: keys.get(name) ?? [] };
    });

  const summary: RestoreCollegeSummary = {
    college: { slug: college.slug, name: college.name },
    exportedAt: data.createdAt,
    restored: {},
    skipped: {},
    emptied: {},
    shared: withCompanies ? { created: {}, kept: {}, skipped: {} } : null,
  };
  /** The table being written, named by a refusal of the wall. */
  let writing = '';
  try {
    await withinColleges([college.id], () =>
      db.transaction(async (tx) => {
        const notInExport = (name: string, key: string[], rows: Row[]) =>
          sql`not exists (select 1 from ${recordsOf(name, rows)}
            where ${sql.join(
              key.map((k) => sql`r.${id(k)} = ${id(name)}.${id(k)}`),
              sql` and `,
            )})`;
        /** Deletes the college's rows of the tables that the export does not hold, children first. */
        const deleteMissing = async (only: (name: string) => boolean) => {
          for (const { name, of, rows, key } of [...tables].reverse()) {
            if (name === 'colleges' || name === 'college_settings' || !only(name)) continue;
            await tx.execute(
              sql`delete from ${id(name)} where ${of(id(name), college.id)} and ${notInExport(name, key, rows)}`,
            );
          }
        };
        const createdJobs = summary.shared
          ? await createMissingShared(tx, data, {
              fks,
              columns,
              summary: summary.shared,
              emptied: summary.emptied,
            })
          : [];
        // Unique values the export's rows take back may be held by the college's other rows now
        // (two students' roll numbers swapped by a bad import): set aside until written.
        await tx.execute(
          sql`update accounts set email = 'restoring:' || id where college_id = ${college.id}`,
        );
        await tx.execute(
          sql`update students set roll_number = null where college_id = ${college.id} and roll_number is not null`,
        );
        // A college just added (moving in from another deployment) has the default catalogue, whose
        // codes the export's programmes take back with other ids: the programmes the export does not
        // hold are set aside too (and deleted below, once no student holds them).
        const exportedProgrammes = tables.find((t) => t.name === 'programmes');
        if (exportedProgrammes) {
          await tx.execute(
            sql`update programmes set code = 'restoring:' || id where college_id = ${college.id}
              and ${notInExport('programmes', exportedProgrammes.key, exportedProgrammes.rows)}`,
          );
        }
        // A row another row of the export points at with ON DELETE RESTRICT (a programme, a room)
        // is deleted only once the rows pointing at it have their exported values.
        const restricted = new Set(
          [...fks.values()]
            .flat()
            .filter((fk) => fk.onDelete === 'restrict')
            .map((fk) => fk.refTable),
        );
        await deleteMissing((name) => !restricted.has(name));

        for (const { name, of, rows, key } of tables) {
          writing = name;
          const own = columns.get(name) ?? new Set();
          const given = new Set(rows.flatMap((row) => Object.keys(row)));
          const written = [...own].filter((c) => given.has(c) || rows.length === 0).sort();
          if (rows.length === 0) {
            summary.restored[name] = 0;
            continue;
          }
          const { required, nullable } = referencesOf(fks.get(name), written);
          const kept = required.length ? sql.join(required.map(present), sql` and `) : sql`true`;
          const source = recordsOf(name, rows);

          const [counts] = rowsOf<Record<string, number>>(
            await tx.execute(sql`select count(*) filter (where not (${kept}))::int as skipped
              ${emptiedCounts(nullable, kept)} from ${source}`),
          );
          const skipped = counts?.skipped ?? 0;
          if (skipped) summary.skipped[name] = skipped;
          nullable.forEach((fk, i) => {
            const n = counts?.[`n${i}`] ?? 0;
            if (n) summary.emptied[`${name}.${fk.column}`] = n;
          });

          const projection = projectionOf(written, nullable);
          // A student's degrees are written apart, to the rows whose degrees differ: their trigger
          // matches the catalogue row by row (migration 0030), 8 s for 2,000 unchanged students.
          const apart = name === 'students' ? ['degrees'] : [];
          const updated = written.filter((c) => !key.includes(c) && !apart.includes(c));
          const assignments = (updated.length ? updated : key.slice(0, 1)).map(
            (c) => sql`${id(c)} = excluded.${id(c)}`,
          );
          const result = rowsOf<{ one: number }>(
            await tx.execute(sql`
              insert into ${id(name)} as cur (${sql.join(written.map(id), sql`, `)})
              select ${sql.join(projection, sql`, `)} from ${source} where ${kept}
              on conflict (${sql.join(key.map(id), sql`, `)}) do update set ${sql.join(assignments, sql`, `)}
                where ${of(id('cur'), college.id)}
              returning 1 as one`),
          );
          if (result.length !== rows.length - skipped) {
            throw new CollegeExportError(collegeExportMessages.foreignRows(file, name));
          }
          for (const column of apart.filter((c) => written.includes(c))) {
            await tx.execute(sql`
              update ${id(name)} cur set ${id(column)} = r.${id(column)} from ${source}
              where ${sql.join(
                key.map((k) => sql`cur.${id(k)} = r.${id(k)}`),
                sql` and `,
              )}
                and cur.${id(column)} is distinct from r.${id(column)} and ${of(id('cur'), college.id)}`);
          }
          if (name === 'students') {
            // Writing a student's degrees sets their programme from the catalogue (migration
            // 0030's triggers); the export's programme is the one to keep.
            await tx.execute(sql`
              update students s set programme_id = r.programme_id from ${source}
              where s.account_id = r.account_id and s.programme_id is distinct from r.programme_id`);
          }
        }
        await deleteMissing(() => true);
        if (createdJobs.length > 0) {
          // The jobs created above get their required event now that the college's events are
          // written (an event of another college, not here, stays emptied).
          const jobRows = (data.shared.jobs ?? []).filter(
            (job) => createdJobs.includes(job.id as string) && job.required_event_id,
          );
          if (jobRows.length > 0) {
            await tx.execute(sql`
              update jobs j set required_event_id = r.required_event_id
              from ${recordsOf('jobs', jobRows)}
              where j.id = r.id and exists (select 1 from events e where e.id = r.required_event_id)`);
          }
        }

        for (const { name, of, rows } of tables) {
          const [found] = rowsOf<{ n: number }>(
            await tx.execute(
              sql`select count(*)::int as n from ${id(name)} where ${of(id(name), college.id)}`,
            ),
          );
          const expected = rows.length - (summary.skipped[name] ?? 0);
          if (found?.n !== expected) {
            throw new CollegeExportError(collegeExportMessages.mismatch(name, expected, found?.n ?? 0));
          }
          summary.restored[name] = expected;
        }
      }),
    );
  } catch (error) {
    if (error instanceof CollegeExportError) throw error;
    const { code, detail, constraint } = pgError(error);
    if (code === '23505' || code === '23503') {
      throw new CollegeExportError(collegeExportMessages.conflict(file, detail ?? constraint ?? code));
    }
    // On a PostgreSQL server the wall itself refuses a row of another college (row-level security).
    if (code === '42501') throw new CollegeExportError(collegeExportMessages.foreignRows(file, writing));
    throw error;
  }
  return summary;
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Creates the export's shared rows (`sharedCreated`) that the database lacks, matched by primary
 * key, and counts them in `summary`; a row that exists is kept as it is. A row whose parent is
 * missing (a job of a company not created) is skipped; a SET NULL reference to a missing row is
 * emptied, as for the college's rows. The ids of the jobs created are returned.
 */
async function createMissingShared(
  tx: Transaction,
  data: CollegeExport,
  context: {
    fks: Map<string, ForeignKey[]>;
    columns: Map<string, Set<string>>;
    summary: SharedRowsSummary;
    emptied: Record<string, number>;
  },
): Promise<string[]> {
  const { fks, columns, summary, emptied } = context;
  let jobs: string[] = [];
  for (const { name, key, set = {}, only } of sharedCreated) {
    const rows = data.shared[name] ?? [];
    if (rows.length === 0) continue;
    const given = new Set([...rows.flatMap((row) => Object.keys(row)), ...Object.keys(set)]);
    const written = [...(columns.get(name) ?? [])].filter((c) => given.has(c)).sort();
    // A column given its value by `set` is not read from the export: its reference is not checked.
    const { required, nullable } = referencesOf(
      fks.get(name),
      written.filter((c) => !(c in set)),
    );
    const source = recordsOf(name, rows);
    const exists = sql`exists (select 1 from ${id(name)} x where x.${id(key)} = r.${id(key)})`;
    const creatable = sql.join(
      [sql`not ${exists}`, ...required.map(present), ...(only ? [only] : [])],
      sql` and `,
    );

    const [counts] = rowsOf<Record<string, number>>(
      await tx.execute(sql`select count(*) filter (where ${exists})::int as kept
        ${emptiedCounts(nullable, creatable)} from ${source}`),
    );
    const projection = projectionOf(written, nullable, set);
    // ON CONFLICT DO NOTHING: an account whose email another account holds (one of another
    // college, which the wall hides from this restore, included) is not created.
    const created = rowsOf<{ key: string }>(
      await tx.execute(sql`
        insert into ${id(name)} (${sql.join(written.map(id), sql`, `)})
        select ${sql.join(projection, sql`, `)} from ${source} where ${creatable}
        on conflict do nothing
        returning ${id(key)}::text as key`),
    ).map((r) => r.key);
    const kept = counts?.kept ?? 0;
    if (created.length) summary.created[name] = created.length;
    if (kept) summary.kept[name] = kept;
    const skipped = rows.length - kept - created.length;
    if (skipped) summary.skipped[name] = skipped;
    nullable.forEach((fk, i) => {
      const n = counts?.[`n${i}`] ?? 0;
      if (n) emptied[`${name}.${fk.column}`] = (emptied[`${name}.${fk.column}`] ?? 0) + n;
    });
    if (name === 'jobs') jobs = created;
  }
  return jobs;
}

/** The folder a key's copy is kept in under `dir` (keys are checked safe by the storage). */
const copyOf = (dir: string, key: string) => {
  const file = path.resolve(dir, key);
  if (!file.startsWith(path.resolve(dir) + path.sep)) throw new Error(`not a storage key: ${key}`);
  return file;
};

/**
 * Copies the export's files from storage into `dir` (`<dir>/<key>`), for `--files DIR`: the
 * uploads of a college that leaves, or of students a restore brings back (the files of a deleted
 * account leave storage with it, or an hour later with the sweep of files no record names).
 */
export async function copyCollegeFiles(
  storage: Storage,
  keys: readonly string[],
  dir: string,
): Promise<{ copied: number; bytes: number; missing: string[] }> {
  const result = { copied: 0, bytes: 0, missing: [] as string[] };
  for (const key of keys) {
    const stored = await storage.get(key);
    if (!stored) {
      result.missing.push(key);
      continue;
    }
    const file = copyOf(dir, key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(Buffer.from(chunk as Buffer));
    const bytes = Buffer.concat(chunks);
    await fs.writeFile(file, bytes);
    result.copied++;
    result.bytes += bytes.length;
  }
  return result;
}

/**
 * Puts back into storage the export's files that storage no longer has, from `dir` (as
 * `copyCollegeFiles` wrote it); a file storage still has is kept as it is. Each is stored with
 * the type its bytes show, as an upload is.
 */
export async function putBackCollegeFiles(
  storage: Storage,
  keys: readonly string[],
  dir: string,
): Promise<{ put: number; kept: number; missing: string[] }> {
  const result = { put: 0, kept: 0, missing: [] as string[] };
  for (const key of keys) {
    const stored = await storage.get(key);
    if (stored) {
      stored.body.resume();
      (stored.body as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
      result.kept++;
      continue;
    }
    let bytes: Buffer;
    try {
      bytes = await fs.readFile(copyOf(dir, key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      result.missing.push(key);
      continue;
    }
    const type = detectFileType(bytes);
    if (!type) {
      result.missing.push(key);
      continue;
    }
    await storage.put(key, bytes, type);
    result.put++;
  }
  return result;
}
