import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { bounds } from '@portal/contracts/bounds';
import { jobs as jobMessages, resumeBook } from '@portal/contracts/messages';
import type { companyResumeBookQuery, staffResumeBookQuery } from '@portal/contracts/resume-book';
import { toCsv } from '../../lib/csv.ts';
import { BadRequest, NotFound } from '../../lib/errors.ts';
import type { Storage } from '../../lib/storage.ts';
import type { Clock } from '../../lib/clock.ts';
import { datedFileName } from '../../lib/time-zone.ts';
import { createZip } from '../../lib/zip-archive.ts';
import type { SessionAccount } from '../../plugins/access.ts';
import type { ErrorLog, RecordViewsService } from '../record-views/record-views.service.ts';
import { filtersOf, type StudentsReader, studentCsv } from '../students/students.read.ts';
import { studentVisibility } from '@portal/contracts/student-visibility';
import { requireStudentsInView } from '../student-visibility/student-visibility.ts';
import type { ResumeBookRepo } from './resume-book.repo.ts';

type CompanyQuery = z.output<typeof companyResumeBookQuery>;
type StaffQuery = z.output<typeof staffResumeBookQuery>;

/** One student of a book: the CSV's cells before the resume column, and the resume's storage key. */
type BookEntry = {
  studentId: string;
  rollNumber: string | null;
  name: string;
  resume: string;
  cells: (string | number | null)[];
  /** Whether the viewer sees the student's record (else the row carries only the name and stage). */
  seen: boolean;
};

const MAX = bounds.resumeBookStudents;

/** A name as a file name: letters and digits of any script kept, accents dropped, the rest '-'. */
export function fileNamePart(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'student'
  );
}

/** `<roll number>-<name>.pdf`, made unique within the book (case aside) with -2, -3, ... */
function resumeNamer() {
  const taken = new Set<string>();
  return (rollNumber: string | null, name: string): string => {
    // A roll number may hold `/` (`19/BCE/7`): it becomes part of the name, never a folder.
    const base = `${rollNumber === null ? 'no-roll' : fileNamePart(rollNumber)}-${fileNamePart(name)}`;
    let candidate = `${base}.pdf`;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${base}-${n}.pdf`;
    taken.add(candidate.toLowerCase());
    return candidate;
  };
}

/** The columns every book starts with, a company's and the staff's alike (students.read.ts). */
const bookColumns = [
  'Name',
  'Email',
  'Roll Number',
  'Degrees',
  'CGPA',
  'CGPA Verified',
  'Year of Passing',
] as const;
const studentBook = studentCsv(bookColumns);
/** The staff's book adds whether each student is placed. */
const staffBook = studentCsv([...bookColumns, 'Placed']);
/** The same columns for a student whose record the viewer may not see: the name alone. */
const withheldCells = (name: string) => [name, ...bookColumns.slice(1).map(() => null)];
const slug = (text: string) =>
  text
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

/**
 * Resume books: one ZIP of the chosen students' resumes and an applicants.csv, for a company (its
 * job's applicants) or staff (a filtered student list). The ZIP is streamed: resumes are read from
 * storage one at a time as the client takes the bytes, so memory stays flat however big the book.
 * Every student in a book is recorded as viewed (one insert) before the first byte goes out.
 */
export function createResumeBookService(deps: {
  resumeBookRepo: ResumeBookRepo;
  studentsReader: Pick<StudentsReader, 'chunkAfter'>;
  recordViewsService: Pick<RecordViewsService, 'recordMany'>;
  storage: Pick<Storage, 'get'>;
  log: ErrorLog;
  /** The file is named after today in the clock's zone (TIME_ZONE). */
  clock: Clock;
}) {
  const { resumeBookRepo: repo, storage } = deps;

  function checkSize(count: number) {
    if (count === 0) throw new BadRequest(resumeBook.empty);
    if (count > MAX) throw new BadRequest(resumeBook.tooMany(MAX));
  }

  /** Records the looks, then streams the ZIP: the resumes one by one, applicants.csv last. */
  async function book(viewer: SessionAccount, header: string[], entries: BookEntry[]): Promise<Readable> {
    await deps.recordViewsService.recordMany(
      viewer,
      entries
        .filter((e) => e.seen)
        .map((e) => ({ studentId: e.studentId, what: e.resume ? 'resume' : 'record' })),
    );
    // PDFs barely compress: stored as they are, the ZIP costs no CPU to make.
    const archive = await createZip({ store: true });
    let stopped = false;
    let reading: Readable | null = null;
    // A client that hangs up destroys the ZIP: the resume being read is let go and no more are opened.
    archive.on('close', () => {
      stopped = true;
      reading?.destroy();
    });
    archive.on('error', (error) => {
      stopped = true;
      reading?.destroy();
      deps.log.error({ err: error }, 'a resume book stopped part way');
    });
    archive.on('warning', (error) => deps.log.error({ err: error }, 'a resume book skipped a file'));
    const entryWritten = () =>
      new Promise<void>((resolve) => {
        const done = () => {
          archive.off('entry', done);
          archive.off('close', done);
          archive.off('error', done);
          resolve();
        };
        archive.on('entry', done);
        archive.on('close', done);
        archive.on('error', done);
      });

    void (async () => {
      const nameFor = resumeNamer();
      const rows: (string | number | null)[][] = [];
      for (const entry of entries) {
        if (stopped) return;
        let file: Awaited<ReturnType<Storage['get']>> = null;
        if (entry.resume) {
          try {
            file = await storage.get(entry.resume);
          } catch (error) {
            deps.log.error({ err: error, studentId: entry.studentId }, 'a resume could not be read');
          }
        }
        if (!file) {
          rows.push([...entry.cells, resumeBook.noResume]);
          continue;
        }
        reading = file.body as Readable;
        if (stopped) {
          reading.destroy();
          return;
        }
        const name = nameFor(entry.rollNumber, entry.name);
        rows.push([...entry.cells, name]);
        const written = entryWritten();
        archive.append(reading, { name });
        // One resume open at a time: the next is opened once this one is in the ZIP.
        await written;
        reading = null;
      }
      if (stopped) return;
      archive.append(toCsv([...header, 'Resume'], rows), { name: 'applicants.csv' });
      await archive.finalize();
    })().catch((error: unknown) => {
      deps.log.error({ err: error }, 'a resume book could not be made');
      archive.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return archive;
  }

  return {
    /** A company's book of one of its jobs' applicants: at a stage, or the ticked ones. */
    async forJob(
      viewer: SessionAccount,
      jobId: string,
      query: CompanyQuery,
    ): Promise<{ zip: Readable; fileName: string }> {
      requireStudentsInView(viewer);
      const job = await repo.jobOf(viewer.id, jobId);
      if (!job) throw new NotFound(jobMessages.notFound);
      if (query.applicationIds?.length === 0) throw new BadRequest(resumeBook.empty);
      const rows = await repo.applicants(jobId, query, MAX + 1);
      checkSize(rows.length);
      const entries = rows.map((r): BookEntry => {
        const { account, student } = r;
        const name = `${account.firstName} ${account.lastName}`;
        const seen = studentVisibility(viewer, account, { applicant: true }) === 'full';
        // A withheld applicant is listed by name and stage only: no email, record or resume.
        const cells = seen ? studentBook.cells(r) : withheldCells(name);
        return {
          studentId: account.id,
          rollNumber: seen ? student.rollNumber : null,
          name,
          resume: seen ? student.resume : '',
          cells: [...cells, r.stage, r.appliedAt.toISOString()],
          seen,
        };
      });
      const header = [...studentBook.header, 'Stage', 'Applied At'];
      const parts = [slug(job.role) || 'job', query.stage ? slug(query.stage) : ''].filter(Boolean);
      return { zip: await book(viewer, header, entries), fileName: `resumes-${parts.join('-')}.zip` };
    },

    /** The staff's book of the students the list's filters match. */
    async forStudents(
      viewer: SessionAccount,
      query: StaffQuery,
    ): Promise<{ zip: Readable; fileName: string }> {
      const rows = await deps.studentsReader.chunkAfter(filtersOf(query), null, MAX + 1);
      checkSize(rows.length);
      const entries = rows.map((row): BookEntry => {
        const { account, student } = row;
        const name = `${account.firstName} ${account.lastName}`;
        return {
          studentId: account.id,
          rollNumber: student.rollNumber,
          name,
          resume: student.resume,
          cells: staffBook.cells(row),
          // Staff see every student of the college in full; the rule says so in one place.
          seen: studentVisibility(viewer, account) === 'full',
        };
      });
      const header = staffBook.header;
      return {
        zip: await book(viewer, header, entries),
        fileName: datedFileName('resume-book', 'zip', deps.clock),
      };
    },
  };
}
export type ResumeBookService = ReturnType<typeof createResumeBookService>;
