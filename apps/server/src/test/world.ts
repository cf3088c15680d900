import { and, eq } from 'drizzle-orm';
import { companySignupBody, staffSignupBody, studentSignupBody } from '@portal/contracts/auth';
import type { Role } from '@portal/contracts/common';
import type { Job } from '@portal/contracts/jobs';
import type { MoveStage } from '@portal/contracts/pipeline';
import { moveStageBody } from '@portal/contracts/pipeline';
import { type PlacementPolicyBody, placementPolicyBody } from '@portal/contracts/placement-policy';
import {
  type StaffStudentDetails,
  type UpdateStudentDetails,
  updateStudentDetailsBody,
} from '@portal/contracts/staff';
import type { AcademicValues } from '@portal/contracts/students';
import { currentScopeKey } from '../db/college-scope.ts';
import { applications, students } from '../db/schema.ts';
import { SESSION_COOKIE } from '../lib/session-cookie.ts';
import type { SessionAccount } from '../plugins/access.ts';
import { createServices } from '../services.ts';
import { signupBody } from './accounts.ts';
import { day } from './placement.ts';
import type { TestApp } from './test-app.ts';
import { PDF, PNG } from './uploads.ts';

/** An account the world made: its id, a session cookie the app accepts, its email and full name. */
export type Person = { id: string; cookie: string; email: string; name: string };
export type Company = Person & { company: string };

type Names = { firstName?: string; lastName?: string; emailID?: string; phone?: string };

/** The academic details a student with academics starts with (unverified, entered by themselves). */
export const defaultAcademics: AcademicValues = {
  /** Each student of a world gets a roll number of their own, as the college writes them (`rollNumberOf`). */
  rollNumber: '21BCE1001',
  /** A programme with its branch, as a student writes it: the catalogue maps it to BTECH-CSE. */
  degrees: ['B.Tech CSE'],
  collegeName: 'GEC',
  cgpa: 8,
  yearOfPassing: 2026,
};

type StudentOptions = Names & {
  /** Academic details saved as the student would (one audit row per field); any given field implies them. */
  academics?: Partial<AcademicValues> | boolean;
  cgpa?: number | null;
  degrees?: string[];
  yearOfPassing?: number | null;
  /** Staff verify the academics (the world's approving staff member, or this one). */
  verified?: boolean | Person;
};

/** The record page's form as staff send it back: the loaded values, read-only parts left out. */
export function recordForm(d: StaffStudentDetails): UpdateStudentDetails {
  return {
    id: d._id,
    version: d.version,
    // Records with a form are not erased (an erased one has no form to send).
    role: d.role as UpdateStudentDetails['role'],
    personalDetail: {
      firstName: d.personalDetail.firstName,
      lastName: d.personalDetail.lastName,
      fathersName: d.personalDetail.fathersName,
      mothersName: d.personalDetail.mothersName,
      emailID: d.personalDetail.emailID,
      phone: d.personalDetail.phone,
    },
    educationalDetails: { ...d.educationalDetails },
    placementStatus: { ...d.placementStatus },
  };
}

const silent = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * The set-up of the API tests, without HTTP: accounts, approved companies, jobs, students with
 * academics, applications at a stage, offers. Each is made by the same services the routes call
 * (a second set of them on the app's database, as a second server process would have), so the
 * rows are the ones the app writes: a company is approved by staff through `setStatus` (its
 * status, the decision in its history, the notice and the email), a student's academics are saved
 * as the student saves them (with their audit rows). Sessions come from the sign-up itself, and
 * the cookie is one the app accepts. HTTP stays for the behaviour a test checks.
 *
 * One world per app: `world(t)` returns the same one each time.
 */
function createWorld(t: TestApp) {
  // What the world's services queue is sent or announced at once, by the app's own workers (as a
  // second process's wake-up would reach them only on their next poll).
  const services = createServices(t.config, t.db, {
    mail: { wake: () => void t.app.workers.drain('mail') },
    announcements: { wake: () => void t.app.workers.drain('announcements') },
    log: silent,
    clock: t.clock,
  });
  const { authService } = services;

  const cookieOf = (token: string) => `${SESSION_COOKIE}=${token}`;

  /** The account behind the cookie as the app sees it on a request (its status as of now). */
  async function actor(person: Pick<Person, 'cookie'>): Promise<SessionAccount> {
    const token = person.cookie.slice(SESSION_COOKIE.length + 1);
    const account = await authService.resolveSession(token);
    if (!account) throw new Error('world: the session has ended');
    return account;
  }

  async function person(token: string, email: string, firstName: string, lastName: string) {
    const cookie = cookieOf(token);
    const account = await authService.resolveSession(token);
    return { id: account!.id, cookie, email, name: `${firstName} ${lastName}` };
  }

  let approver: Promise<Person> | undefined;
  // Roll numbers are unique within the college: the n-th student of the world gets 21BCE1000+n.
  const rolls = new Map<string, string>();
  const rollNumberOf = (id: string) => {
    let roll = rolls.get(id);
    if (roll === undefined) rolls.set(id, (roll = `21BCE${1001 + rolls.size}`));
    return roll;
  };

  /**
   * Staff approve the new company (status Allowed), as the placement cell's decision does. Only
   * for a company without jobs: the app would show the jobs of one approved here only once its
   * copy of the open jobs is renewed (see `job`).
   */
  async function approve(company: Pick<Person, 'id'>) {
    const staff = await actor(await w.approver());
    await services.companiesService.setStatus(staff, company.id, { role: 'Allowed', reason: '' });
    await t.app.workers.drain('announcements');
  }

  const w = {
    services,
    actor,

    /** A college staff member, signed up with the college's sign-up code. */
    async staff(names: Names & { staffID?: string } = {}): Promise<Person> {
      const body = staffSignupBody.parse(signupBody('college-staff', names));
      const session = await authService.signupStaff(body, scopeCollege());
      return person(session.token, body.emailID, body.firstName, body.lastName);
    },

    /** An account of the role (a company approved), with the sign-up form's defaults. */
    account(role: Role): Promise<Person> {
      return role === 'student' ? w.student() : role === 'college-staff' ? w.staff() : w.company();
    },

    /** The staff member who approves the world's companies and verifies its students (made once). */
    approver(): Promise<Person> {
      approver ??= w.staff({ firstName: 'Approving' });
      return approver;
    },

    /**
     * A company and its recruiter, approved by the placement cell unless `approved: false` leaves
     * it Pending (a company signing up at another `college` is left for that college's staff).
     */
    async company(
      options: Names & { company?: string; staffID?: string; approved?: boolean; college?: number } = {},
    ): Promise<Company> {
      const { approved = true, college = 1, ...names } = options;
      const body = companySignupBody.parse(signupBody('company', names));
      // It asks the college it signs up at (the first unless told); the world's approver is the first's.
      const session = await authService.signupCompany(body, college);
      const { personalDetail: p } = body;
      const recruiter = await person(session.token, p.emailID, p.firstName, p.lastName);
      if (approved && college === 1) await approve(recruiter);
      return { ...recruiter, company: body.company };
    },

    /**
     * A student. With `academics` (or any of `cgpa`, `degrees`, `yearOfPassing`) the student saves
     * `defaultAcademics` with those changes; `verified` has staff verify them afterwards.
     */
    async student(options: StudentOptions = {}): Promise<Person> {
      const { academics, cgpa, degrees, yearOfPassing, verified, ...names } = options;
      const body = studentSignupBody.parse(signupBody('student', names));
      const session = await authService.signupStudent(body, scopeCollege());
      const s = await person(session.token, body.emailID, body.firstName, body.lastName);
      const given = {
        ...(typeof academics === 'object' ? academics : {}),
        ...(cgpa !== undefined ? { cgpa } : {}),
        ...(degrees ? { degrees } : {}),
        ...(yearOfPassing !== undefined ? { yearOfPassing } : {}),
      };
      if (academics || Object.keys(given).length > 0 || verified) {
        await w.academics(s, given);
      }
      if (verified) await w.verify(s, verified === true ? undefined : verified);
      return s;
    },

    /** The student saves their academic details (`defaultAcademics` with `changes`). */
    async academics(student: Pick<Person, 'id'>, changes: Partial<AcademicValues> = {}) {
      await services.academicRecordsService.studentEdit(student.id, {
        ...defaultAcademics,
        rollNumber: rollNumberOf(student.id),
        ...changes,
      });
    },

    /**
     * Staff save the student's record page with `change` made to the form as it was read (the
     * world's approving staff member, or `by`); the service's answer.
     */
    async staffEdit(student: Pick<Person, 'id'>, change: (form: UpdateStudentDetails) => void, by?: Person) {
      const staff = await actor(by ?? (await w.approver()));
      const form = recordForm(await services.studentRecordsService.details(staff, student.id));
      change(form);
      return services.studentRecordsService.update(staff, updateStudentDetailsBody.parse(form));
    },

    /** Staff tick "Verified" on the student's record and save. */
    verify: (student: Pick<Person, 'id'>, by?: Person) =>
      w.staffEdit(
        student,
        (form) => {
          form.educationalDetails.verified = true;
        },
        by,
      ),

    /** Staff mark the student placed on the record page (not through an offer). */
    placed: (student: Pick<Person, 'id'>, companyName: string, packageOffered: number | null, by?: Person) =>
      w.staffEdit(
        student,
        (form) => {
          form.placementStatus = { isPlaced: true, companyName, packageOffered, status: '' };
        },
        by,
      ),

    /** The student's resume (a PDF; the route's checks of the upload are the files module's tests). */
    async resume(student: Pick<Person, 'id'>, pdf: Buffer = PDF) {
      await services.filesService.replaceResume(student.id, pdf);
    },

    /** The account's profile picture (a PNG). */
    async picture(account: Pick<Person, 'id'>, png: Buffer = PNG) {
      await services.filesService.replacePicture(account.id, png);
    },

    /**
     * The company posts a job open since yesterday for ten more days (role Engineer, B.Tech), with
     * whatever `value` changes. Through the app, the one exception here: the app keeps the open
     * jobs every vacancy list reads for a few seconds, and a job posted elsewhere (as by a second
     * server process) would show in this app's lists only after that.
     */
    async job(company: Pick<Person, 'cookie'>, value: Record<string, unknown> = {}): Promise<Job> {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/company/postJob',
        headers: { cookie: company.cookie },
        payload: {
          typ: 'jobs',
          value: {
            role: 'Engineer',
            description: 'Build things',
            qualifications: ['B.Tech'],
            startDate: day(-1),
            applicationDeadline: day(10),
            ...value,
          },
        },
      });
      if (response.statusCode !== 201) throw new Error(`world.job: ${response.statusCode} ${response.body}`);
      // Announced to the students eligible now, not to one the test makes next.
      await t.app.workers.drain('announcements');
      return response.json<{ message: Job }>().message;
    },

    /**
     * The student applies to the job; the application's id. Apply needs academics and a resume on
     * the profile: a student with no academic details at all saves `defaultAcademics` first, and
     * one without a resume uploads the world's PDF (academics given are the caller's choice).
     */
    async apply(student: Pick<Person, 'id'>, job: string | Pick<Job, '_id'>): Promise<string> {
      const jobId = typeof job === 'string' ? job : job._id;
      const [own] = await t.db
        .select({ resume: students.resume, rollNumber: students.rollNumber, cgpa: students.cgpa })
        .from(students)
        .where(eq(students.accountId, student.id));
      if (own?.rollNumber === null && own.cgpa === null) await w.academics(student);
      if (own?.resume === '') await w.resume(student);
      await services.applicationsService.apply(student.id, jobId);
      const [row] = await t.db
        .select({ id: applications.id })
        .from(applications)
        .where(and(eq(applications.studentId, student.id), eq(applications.jobId, jobId)));
      return row!.id;
    },

    /**
     * A student (with academics unless `options` say otherwise) who applied to the job, with the
     * application's id.
     */
    async applicant(job: string | Pick<Job, '_id'>, options: StudentOptions = {}) {
      const student = await w.student({ academics: true, ...options });
      return { ...student, applicationId: await w.apply(student, job) };
    },

    /** The company moves the application to a stage (a schedule, a package with an offer). */
    async move(company: Pick<Person, 'cookie'>, applicationId: string, move: MoveStage) {
      return services.pipelineService.move(await actor(company), applicationId, moveStageBody.parse(move));
    },

    /** Staff save the placement policy. */
    async policy(policy: PlacementPolicyBody, by?: Person) {
      const staff = await actor(by ?? (await w.approver()));
      return services.placementPolicyService.save(staff, placementPolicyBody.parse(policy));
    },
  };
  return w;
}

export type World = ReturnType<typeof createWorld>;

const worlds = new WeakMap<TestApp['app'], World>();

/** The world of this test app (made on first use). */
/** The college of the work under way: a test makes another college's people inside its scope. */
const scopeCollege = () => Number(currentScopeKey().split(',')[0]) || 1;

export function world(t: TestApp): World {
  let w = worlds.get(t.app);
  if (!w) {
    w = createWorld(t);
    worlds.set(t.app, w);
  }
  return w;
}
