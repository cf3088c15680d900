import { and, asc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { currentCollege, perScope } from '../../db/college-scope.ts';
import type { AccountStatus, Notification } from '@portal/contracts/common';
import { isStudentStatus } from '@portal/contracts/common';
import { debarmentInForce } from '@portal/contracts/placement-policy';
import type { studentListQuery } from '@portal/contracts/staff';
import type { StudentProfileForCompany, StudentRecord } from '@portal/contracts/students';
import type { z } from 'zod';
import { accountColumns, type AccountRecord } from '../../db/account-columns.ts';
import type { Database } from '../../db/client.ts';
import { jsonObject } from '../../db/json-sql.ts';
import { accounts, internships, programmes, projects, students } from '../../db/schema.ts';
import { fileUrl } from '../files/files.read.ts';

/*
 * The student's read model: what other modules read of a student and how they shape it, in one
 * place. The whole record (`createStudentsReader().findById`) and its mappers (the record as the
 * spec shapes it, as a company sees it, the internships and projects of a list's card), the staff
 * list's filters as SQL (`whereStudents`, also who a staff message goes to and a staff resume book),
 * the list in order (`chunkAfter`: the CSV export, the resume book) and the CSV columns those files
 * share. Read-only: the students repo and the staff's edit write the record.
 */

/**
 * The student's internships (or projects) as a JSON array, oldest first; the first `limit` of them
 * when given (a list's cards show a few). Reads the student of the enclosing query.
 */
const entriesOf = <T>(
  table: typeof internships | typeof projects,
  columns: Record<string, SQLWrapper>,
  limit?: number,
) =>
  sql<T[]>`coalesce((select json_agg(entry) from (
    select ${jsonObject(columns)} as entry from ${table} where ${table.studentId} = ${students.accountId}
    order by ${table.createdAt}, ${table.id} ${limit === undefined ? sql`` : sql`limit ${limit}`}) entries), '[]'::json)`;

export type InternshipEntry = {
  id: string;
  company: string;
  role: string;
  duration: string;
  description: string;
};
export type ProjectEntry = { id: string; title: string; link: string; duration: string; description: string };

/** For a list's cards: the first `entries`, each description cut to `descriptionChars`. */
type CardCut = { entries: number; descriptionChars: number };

const descriptionOf = (table: typeof internships | typeof projects, cut?: CardCut) =>
  cut ? sql`left(${table.description}, ${cut.descriptionChars})` : table.description;

/** A student's internships as a JSON column of a query over `students`. */
export const internshipsJson = (cut?: CardCut) =>
  entriesOf<InternshipEntry>(
    internships,
    {
      id: internships.id,
      company: internships.company,
      role: internships.role,
      duration: internships.duration,
      description: descriptionOf(internships, cut),
    },
    cut?.entries,
  );

/** A student's projects as a JSON column of a query over `students`. */
export const projectsJson = (cut?: CardCut) =>
  entriesOf<ProjectEntry>(
    projects,
    {
      id: projects.id,
      title: projects.title,
      link: projects.link,
      duration: projects.duration,
      description: descriptionOf(projects, cut),
    },
    cut?.entries,
  );

/** The columns of a student's whole record (the students repo adds what the student's own page shows). */
export const studentRecordColumns = {
  account: accountColumns,
  student: students,
  internships: internshipsJson(),
  projects: projectsJson(),
};

/** A student's whole record as `findById` reads it: what the mappers below shape. */
export type StudentRow = {
  account: AccountRecord;
  student: typeof students.$inferSelect;
  internships: InternshipEntry[];
  projects: ProjectEntry[];
};

export type StudentFilters = {
  search: string;
  degree: string;
  year?: number | undefined;
  placed?: boolean | undefined;
  status?: AccountStatus | undefined;
  cgpaMin?: number | undefined;
  cgpaMax?: number | undefined;
  verified?: boolean | undefined;
  /** A company's list: one of the colleges that allow it (staff see their own college's). */
  college?: number | undefined;
};

/**
 * The name the list sorts and searches by: the generated column of migration 0035 (lower case, in
 * byte order), which its index covers.
 */
export const fullName = sql`${accounts.sortName}`;

/** The first string after every string that starts with the prefix, in byte order. */
function nextPrefix(prefix: string): string {
  const last = prefix.codePointAt(prefix.length - 1)!;
  return prefix.slice(0, -1) + String.fromCodePoint(last + 1);
}

/** How a filter's value enters the SQL: as a bound value, or as a named placeholder of a prepared statement. */
type Bind = (name: keyof FilterParams, value: FilterParams[keyof FilterParams]) => unknown;
const asValue: Bind = (_name, value) => value;
export const asPlaceholder: Bind = (name) => sql.placeholder(name);

/** The values a filter binds, by placeholder name (`from`/`to`: the name range of the search). */
export type FilterParams = {
  from: string;
  to: string;
  degree: string;
  year: number | undefined;
  placed: boolean | undefined;
  status: AccountStatus | undefined;
  cgpaMin: number | undefined;
  cgpaMax: number | undefined;
  verified: boolean | undefined;
  college: number | undefined;
};

/**
 * What a search looks for: an email (prefix) when it has an @, a roll number or an email (prefix)
 * when it has a digit, a name (prefix) otherwise, so a name search keeps to the name index.
 */
export function searchKind(prefix: string): 'none' | 'name' | 'roll' | 'email' {
  if (prefix === '') return 'none';
  if (prefix.includes('@')) return 'email';
  return /\d/.test(prefix) ? 'roll' : 'name';
}

export function filterParams(f: StudentFilters): FilterParams {
  const prefix = f.search.trim().toLowerCase().replace(/\s+/g, ' ');
  return {
    from: prefix,
    to: prefix ? nextPrefix(prefix) : '',
    degree: f.degree.toLowerCase(),
    year: f.year,
    placed: f.placed,
    status: f.status,
    cgpaMin: f.cgpaMin,
    cgpaMax: f.cgpaMax,
    verified: f.verified,
    college: f.college,
  };
}

/**
 * A degree filter that names a catalogue target (`degree:b.tech`, `programme:btech-cse`,
 * `level:postgraduate`, in any case) rather than a typed degree: it matches the students whose
 * current programme the target covers, as a job's targets do.
 */
export const isProgrammeTarget = (degree: string): boolean => /^(level|degree|programme):\S/i.test(degree);

/** The students whose programme a target (bound, lower case) covers. */
export const programmeFilterSql = (target: unknown): SQL =>
  sql`exists (select 1 from ${programmes} held where held.id = ${students.programmeId}
    and ${target}::text in (lower('programme:' || held.code), lower('degree:' || held.degree), lower('level:' || held.level)))`;

/** Which conditions a filter has: queries with the same shape differ only in their values. */
export const filterShape = (p: FilterParams) => {
  const kind = searchKind(p.from);
  return {
    name: kind === 'name',
    roll: kind === 'roll',
    email: kind === 'email' || kind === 'roll',
    degree: p.degree !== '' && !isProgrammeTarget(p.degree),
    programme: isProgrammeTarget(p.degree),
    year: p.year !== undefined,
    placed: p.placed !== undefined,
    status: p.status !== undefined,
    cgpaMin: p.cgpaMin !== undefined,
    cgpaMax: p.cgpaMax !== undefined,
    verified: p.verified !== undefined,
    college: p.college !== undefined,
  };
};

/** True when a filter reads the students table (the count can skip the join otherwise). */
export function needsStudentColumns(f: StudentFilters): boolean {
  const has = filterShape(filterParams(f));
  return (
    has.degree ||
    has.programme ||
    has.year ||
    has.placed ||
    has.roll ||
    has.cgpaMin ||
    has.cgpaMax ||
    has.verified
  );
}

/** The students the staff list's filters choose, as a condition on `accounts` joined with `students`. */
export function whereStudents(f: StudentFilters, bind: Bind = asValue, college: SQL = currentCollege): SQL {
  const p = filterParams(f);
  const has = filterShape(p);
  const value = (name: keyof FilterParams) => bind(name, p[name]);
  // A literal, not a parameter: the planner must see it to match the partial index.
  // The college's students: a staff member's own college (row-level security admits no others).
  // A company's list names one of the colleges that allow it (student-visibility's studentsInView).
  const conditions: SQL[] = [
    sql`${accounts.role} = 'student'`,
    has.college ? sql`${accounts.collegeId} = ${value('college')}` : sql`${accounts.collegeId} = ${college}`,
  ];
  if (has.name) conditions.push(sql`${fullName} >= ${value('from')}`, sql`${fullName} < ${value('to')}`);
  // A roll number or an email, from its start: by email alone with an @, either with a digit.
  const emailFrom = sql`starts_with(lower(${accounts.email}), ${value('from')}::text)`;
  if (has.roll) {
    conditions.push(
      // A name may hold a digit too (rarely): it is matched by its start as well.
      sql`(upper(${students.rollNumber}) = upper(${value('from')}::text) or starts_with(lower(${students.rollNumber}), ${value('from')}::text) or ${emailFrom} or (${fullName} >= ${value('from')} and ${fullName} < ${value('to')}))`,
    );
  } else if (has.email) conditions.push(emailFrom);
  if (has.degree) {
    conditions.push(
      // Any of the student's degrees, in any case: the expression of migration 0016's index.
      sql`lowercase_elements(${students.degrees}) @> array[${value('degree')}::text]`,
    );
  }
  if (has.programme) conditions.push(programmeFilterSql(value('degree')));
  if (has.year) conditions.push(sql`${students.yearOfPassing} = ${value('year')}`);
  if (has.placed) conditions.push(sql`${students.isPlaced} = ${value('placed')}`);
  if (has.status) conditions.push(sql`${accounts.status} = ${value('status')}`);
  if (has.cgpaMin) conditions.push(sql`${students.cgpa} >= ${value('cgpaMin')}`);
  if (has.cgpaMax) conditions.push(sql`${students.cgpa} <= ${value('cgpaMax')}`);
  if (has.verified) {
    conditions.push(sql`(${students.academicsVerifiedAt} is not null) = ${value('verified')}`);
  }
  return and(...conditions)!;
}

type ListQuery = z.output<typeof studentListQuery>;

/** The list's query as the filters (also the staff's resume book and who a staff message goes to). */
export const filtersOf = (q: Omit<ListQuery, 'page' | 'pageSize'>): StudentFilters => ({
  search: q.search,
  degree: q.degree,
  year: q.year,
  placed: q.placed === undefined ? undefined : q.placed === 'true',
  status: q.status,
  cgpaMin: q.cgpaMin,
  cgpaMax: q.cgpaMax,
  verified: q.verified === undefined ? undefined : q.verified === 'true',
  college: q.college,
});

/** Where a chunk of the list ends: the sort name (as the index has it) and the id. */
export type StudentKey = { sortName: string; id: string };

/** A student's whole record and the staff list in order: what other modules' services read. */
export function createStudentsReader(db: Database) {
  const findRecordStatement = perScope(() =>
    db
      .select(studentRecordColumns)
      .from(students)
      .innerJoin(accounts, eq(accounts.id, students.accountId))
      .where(eq(students.accountId, sql.placeholder('accountId')))
      .prepare('student_record'),
  );

  return {
    /** The student's record with their internships and projects, in one statement. */
    async findById(accountId: string): Promise<StudentRow | null> {
      const [row] = await findRecordStatement().execute({ accountId });
      return row ?? null;
    },

    /**
     * The matching students after the one at `after` in the list's order (name, then id), at most
     * `limit`: the CSV export reads the list a chunk at a time by this key.
     */
    chunkAfter(f: StudentFilters, after: StudentKey | null, limit: number) {
      return db
        .select({ account: accountColumns, student: students, sortName: sql<string>`${fullName}` })
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
  };
}
export type StudentsReader = ReturnType<typeof createStudentsReader>;

/** Internships and projects as a record or a list card shows them. */
export const toPastEntries = ({ internships, projects }: Pick<StudentRow, 'internships' | 'projects'>) => ({
  internships: internships.map(({ id, company, role, duration, description }) => ({
    _id: id,
    company,
    role,
    duration,
    description,
  })),
  projects: projects.map(({ id, title, link, duration, description }) => ({
    _id: id,
    title,
    link,
    duration,
    description,
  })),
});

/** The debarment a student is under on `today` (YYYY-MM-DD in the deployment's zone), or null. */
export const debarmentOn = ({ account, student }: Pick<StudentRow, 'account' | 'student'>, today: string) =>
  debarmentInForce(account.status, { reason: student.debarReason, until: student.debarredUntil }, today);

/** The record as the spec shapes it, showing the given notifications, pending change and debarment. */
export function toStudentRecord(
  { account, student, internships, projects }: StudentRow,
  notifications: Notification[],
  pendingAcademicChange: StudentRecord['pendingAcademicChange'] = null,
  debarment: StudentRecord['debarment'] = null,
): StudentRecord {
  return {
    _id: account.id,
    // Pending and Rejected are company statuses; a student account never holds them.
    role: isStudentStatus(account.status) || account.status === 'Erased' ? account.status : 'Suspended',
    personalDetail: {
      firstName: account.firstName,
      lastName: account.lastName,
      fathersName: student.fathersName,
      mothersName: student.mothersName,
      emailID: account.email,
      phone: account.phone,
      profilePicture: fileUrl(account.profilePicture),
    },
    educationalDetails: {
      rollNumber: student.rollNumber,
      degrees: student.degrees,
      collegeName: student.collegeName,
      cgpa: student.cgpa,
      yearOfPassing: student.yearOfPassing,
      verified: student.academicsVerifiedAt !== null,
      verification: student.academicsVerifiedAt
        ? { by: student.academicsVerifiedByName, at: student.academicsVerifiedAt.toISOString() }
        : null,
    },
    resume: fileUrl(student.resume),
    placementStatus: {
      isPlaced: student.isPlaced,
      companyName: student.placedCompany,
      packageOffered: student.packageOffered,
      status: student.placementNote,
    },
    applicationStatus: student.applicationStatus,
    debarment,
    pastInternshipsProjects: toPastEntries({ internships, projects }),
    notifications,
    pendingAcademicChange,
  };
}

/** A student as a company sees them: no parents' names, account status or notifications. */
export function toStudentProfileForCompany(row: StudentRow): StudentProfileForCompany {
  const record = toStudentRecord(row, []);
  const { firstName, lastName, emailID, phone, profilePicture } = record.personalDetail;
  return {
    _id: record._id,
    personalDetail: { firstName, lastName, emailID, phone, profilePicture },
    educationalDetails: record.educationalDetails,
    resume: record.resume,
    pastInternshipsProjects: record.pastInternshipsProjects,
  };
}

type Account = typeof accounts.$inferSelect;
type Student = typeof students.$inferSelect;
type Cell = string | number | null;
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** What a CSV reads of a student (the staff list's rows and a resume book's carry it). */
export type CsvStudent = {
  account: Pick<Account, 'firstName' | 'lastName' | 'email' | 'phone' | 'status'>;
  student: Pick<
    Student,
    | 'rollNumber'
    | 'degrees'
    | 'cgpa'
    | 'academicsVerifiedAt'
    | 'yearOfPassing'
    | 'isPlaced'
    | 'placedCompany'
    | 'packageOffered'
  >;
};

/**
 * A student's columns in the files staff and companies download (the staff list's CSV, a resume
 * book's applicants.csv), each written once: its header and its cell.
 */
const studentCsvColumns = {
  Name: ({ account }) => `${account.firstName} ${account.lastName}`,
  Email: ({ account }) => account.email,
  Phone: ({ account }) => account.phone,
  'Roll Number': ({ student }) => student.rollNumber,
  Degrees: ({ student }) => student.degrees.join('; '),
  CGPA: ({ student }) => student.cgpa,
  'CGPA Verified': ({ student }) => yesNo(student.academicsVerifiedAt !== null),
  'Year of Passing': ({ student }) => student.yearOfPassing,
  'Account Status': ({ account }) => account.status,
  Placed: ({ student }) => yesNo(student.isPlaced),
  Company: ({ student }) => student.placedCompany,
  'Package (LPA)': ({ student }) => student.packageOffered,
} satisfies Record<string, (s: CsvStudent) => Cell>;
export type StudentCsvColumn = keyof typeof studentCsvColumns;

/** The header of the chosen columns, in the order given, and a student's cells under it. */
export function studentCsv(columns: readonly StudentCsvColumn[]) {
  return {
    header: [...columns],
    cells: (s: CsvStudent): Cell[] => columns.map((column) => studentCsvColumns[column](s)),
  };
}
