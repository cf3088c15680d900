import fs from 'node:fs/promises';
import path from 'node:path';
import {
  type APIRequestContext,
  type APIResponse,
  type BrowserContextOptions,
  expect,
  type Locator,
  type Page,
  request,
  test as base,
} from '@playwright/test';
import {
  axeViolations,
  day,
  makePdf,
  PASSWORD,
  STAFF_SIGNUP_CODE,
  tinyPng,
  type Role,
  uniqueEmail,
  uniqueRoll,
} from './support.ts';

/**
 * Every page of every area, as its role, checked by axe-core against WCAG 2.1 A and AA, at desktop
 * width and at 375 px (where the page must not scroll sideways either). The people and records the
 * pages show are made once per run through the API, so each page has real content: a student
 * with details, entries, a resume, an interview and an offer; an approved company with jobs and
 * applicants; staff with a pending change request, an audit log and statistics to chart; and the
 * screens of a company awaiting approval or rejected, a suspended student and a debarred one.
 */

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/** Who looks: a visitor, each role, and accounts in a state that changes what their area shows. */
type Viewer =
  | 'visitor'
  | Role
  | 'company awaiting approval'
  | 'rejected company'
  | 'suspended student'
  | 'debarred student';

/** What the pages are about: made once per run, read by the page list below. */
type World = {
  states: Record<Exclude<Viewer, 'visitor'>, StorageState>;
  student: { id: string; name: string };
  company: { id: string; name: string };
  jobs: { interview: string; offer: string };
  /** The interview job's id, for its page. */
  interviewJobId: string;
  applications: { interview: string; offer: string };
  resetToken: string;
  /** The link the student's current address got to approve or decline a change of it. */
  answerToken: string;
  /** A student whose email change waits for a second staff member (the address was lost). */
  lostAddressStudent: string;
};

/** Letters only, so a name is searchable by its start and no other test's person matches. */
const letters = () =>
  Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 6)
    .padEnd(6, 'x');

async function ok<T = unknown>(answer: Promise<APIResponse>, status = 200) {
  const response = await answer;
  expect(response.status(), `${response.url()}: ${await response.text()}`).toBe(status);
  return ((await response.json()) as { message: T }).message;
}

async function signUp(api: APIRequestContext, role: Role, firstName: string, extra: object = {}) {
  const person = {
    firstName,
    lastName: 'Tester',
    emailID: uniqueEmail(role),
    phone: '9876543210',
    password: PASSWORD,
    cpass: PASSWORD,
  };
  const data =
    role === 'student'
      ? person
      : role === 'college-staff'
        ? { ...person, staffID: '1234', signupCode: STAFF_SIGNUP_CODE }
        : { personalDetail: { ...person, staffID: '1234' }, ...extra };
  await ok(api.post(`/api/${role}/signup`, { data }), 201);
  return person.emailID;
}

/** The body of a staff edit of a student's record (the contracts' updateStudentDetailsBody). */
type StudentUpdate = {
  id: string;
  version: number;
  role: string;
  personalDetail: Record<
    'firstName' | 'lastName' | 'fathersName' | 'mothersName' | 'emailID' | 'phone',
    string
  >;
  educationalDetails: Record<string, unknown>;
  placementStatus: Record<string, unknown>;
  debarment?: { reason: string; until: string | null };
};

/** Staff save a student's record as read, changed by `change` (the version makes it safe). */
async function editStudent(
  staff: APIRequestContext,
  id: string,
  change: (body: StudentUpdate) => StudentUpdate,
) {
  const record = await ok<Omit<StudentUpdate, 'id'>>(staff.get(`/api/college-staff/getStudentDetails/${id}`));
  const { firstName, lastName, fathersName, mothersName, emailID, phone } = record.personalDetail;
  const { rollNumber, degrees, collegeName, cgpa, yearOfPassing } = record.educationalDetails;
  const body: StudentUpdate = {
    id,
    version: record.version,
    role: record.role,
    personalDetail: { firstName, lastName, fathersName, mothersName, emailID, phone },
    educationalDetails: { rollNumber, degrees, collegeName, cgpa, yearOfPassing },
    placementStatus: record.placementStatus,
  };
  await ok(staff.put('/api/college-staff/updateStudentDetails', { data: change(body) }));
}

/** A fresh session of its own for an account in a state of its own. */
async function accountIn(baseURL: string, role: Role, firstName: string, extra: object = {}) {
  const api = await request.newContext({ baseURL });
  await signUp(api, role, firstName, extra);
  return api;
}

async function buildWorld(baseURL: string): Promise<World> {
  const open = () => request.newContext({ baseURL });
  const [staff, company, student, placed, visitor] = await Promise.all([
    open(),
    open(),
    open(),
    open(),
    open(),
  ]);
  const run = letters();
  const studentName = `Asha${run}`;
  const companyName = `Lumen ${run} Labs`;

  await signUp(staff, 'college-staff', 'Nisha');
  await signUp(company, 'company', 'Rhea', { company: companyName });
  const studentEmail = await signUp(student, 'student', studentName);
  // A name the same search finds: the list then shows one student with entries and one without.
  await signUp(placed, 'student', `${studentName}bala`);

  // The student's record: details, an internship, a project, a picture and a resume.
  const education = {
    rollNumber: uniqueRoll(),
    degrees: ['B.Tech CSE'],
    collegeName: 'GEC',
    yearOfPassing: 2026,
  };
  await ok(
    student.put('/api/student/updateProfileDetail', {
      data: {
        typ: 'personalDetail',
        value: {
          firstName: studentName,
          lastName: 'Tester',
          fathersName: 'Ramesh Iyer',
          mothersName: 'Lata Iyer',
          phone: '9876543210',
        },
      },
    }),
  );
  await ok(
    student.put('/api/student/updateProfileDetail', {
      data: { typ: 'educationalDetails', value: { ...education, cgpa: 8.2 } },
    }),
  );
  await ok(
    placed.put('/api/student/updateProfileDetail', {
      data: {
        typ: 'educationalDetails',
        value: { ...education, rollNumber: uniqueRoll('21MTE'), degrees: ['M.Tech'], cgpa: 7.9 },
      },
    }),
  );
  // Apply needs a resume on the profile.
  await ok(
    placed.post('/api/student/uploadResume', {
      multipart: {
        resume: { name: 'resume.pdf', mimeType: 'application/pdf', buffer: makePdf('Bala - Resume') },
      },
    }),
  );
  await ok(
    student.put('/api/student/updateProfileDetail', {
      data: {
        typ: 'internships',
        value: {
          company: 'Infosys',
          role: 'Backend Intern',
          duration: '2 months',
          description: 'Built REST APIs.',
        },
      },
    }),
  );
  await ok(
    student.put('/api/student/updateProfileDetail', {
      data: {
        typ: 'projects',
        value: {
          title: 'Placement Portal',
          link: 'https://example.com/portal',
          duration: '3 weeks',
          description: 'A web app for placements.',
        },
      },
    }),
  );
  await ok(
    student.post('/api/student/uploadProfilePicture', {
      multipart: { profilePicture: { name: 'me.png', mimeType: 'image/png', buffer: tinyPng } },
    }),
  );
  await ok(
    student.post('/api/student/uploadResume', {
      multipart: {
        resume: {
          name: 'resume.pdf',
          mimeType: 'application/pdf',
          buffer: makePdf(`${studentName} - Resume`),
        },
      },
    }),
  );
  const studentId = (await ok<{ _id: string }>(student.get('/api/student/getUserData')))._id;

  // Staff approve the company, which posts two jobs.
  const companyId = (await ok<{ _id: string }>(company.get('/api/company/getCompanyData')))._id;
  await ok(staff.put(`/api/college-staff/companies/${companyId}/status`, { data: { role: 'Allowed' } }));
  const postJob = async (role: string, pkg: number) =>
    (
      await ok<{ _id: string }>(
        company.post('/api/company/postJob', {
          data: {
            typ: 'jobs',
            value: {
              role,
              description: 'Build and run our services.',
              qualifications: ['B.Tech in CSE', 'Good at SQL'],
              startDate: day(-1),
              applicationDeadline: day(20),
              minCgpa: 7,
              package: pkg,
            },
          },
        }),
        201,
      )
    )._id;
  const jobs = { interview: `Platform Engineer ${run}`, offer: `Data Analyst ${run}` };
  const interviewJob = await postJob(jobs.interview, 12);
  const offerJob = await postJob(jobs.offer, 9);

  // The student applies to both: one reaches a technical interview, the other an offer to answer.
  // The other student takes an offer, so the statistics have a placement to chart.
  for (const jobID of [interviewJob, offerJob]) {
    await ok(student.post('/api/student/jobApplyByStudent', { data: { jobID } }), 201);
  }
  await ok(placed.post('/api/student/jobApplyByStudent', { data: { jobID: offerJob } }), 201);
  const applicants = async (jobId: string) =>
    (
      await ok<{ items: { _id: string; studentId: string }[] }>(
        company.get(`/api/company/applicants?jobId=${jobId}`),
      )
    ).items;
  const [interviewApplication] = await applicants(interviewJob);
  const offerApplications = await applicants(offerJob);
  const move = (id: string, data: object) =>
    ok(company.post(`/api/company/applications/${id}/stage`, { data }));
  await move(interviewApplication!._id, {
    stage: 'Technical Interview',
    schedule: { at: `${day(10)}T10:30:00.000Z`, place: 'Room 204' },
  });
  for (const application of offerApplications) {
    await move(application._id, { stage: 'Offer Letter', packageOffered: 9 });
  }
  const placedApplication = offerApplications.find((a) => a.studentId !== studentId)!;
  await ok(
    placed.post(`/api/student/offers/${placedApplication._id}/decision`, { data: { decision: 'Accept' } }),
  );

  // Staff verify the student's academic details (an audit entry); the student's later change of
  // CGPA then waits on the Verification page.
  await editStudent(staff, studentId, (body) => ({
    ...body,
    educationalDetails: { ...body.educationalDetails, verified: true },
  }));
  await ok(
    student.put('/api/student/updateProfileDetail', {
      data: { typ: 'educationalDetails', value: { ...education, cgpa: 8.6 } },
    }),
  );

  // The company opens the student's record, so the student has a view to read.
  await ok(company.get(`/api/company/getStudentDetails/${studentId}`));

  // The approved company asks for a new name: its profile and the staff's pages show it waiting.
  await ok(
    company.put('/api/company/companyProfileUpdate', {
      data: {
        firstName: 'Rhea',
        lastName: 'Tester',
        staffID: '1234',
        phone: '9876543210',
        company: `${companyName} Global`,
      },
    }),
  );

  // A visitor's reset link, read from the development outbox, for the reset page's form.
  await ok(visitor.post('/api/student/forgotPassword', { data: { emailID: studentEmail } }));
  let resetToken = '';
  await expect(async () => {
    const outbox = await ok<{ to: string; text: string }[]>(visitor.get('/api/dev/outbox'));
    const email = outbox.find((e) => e.to === studentEmail && /#token=/.test(e.text));
    resetToken = /#token=([\w-]+)/.exec(email?.text ?? '')?.[1] ?? '';
    expect(resetToken).not.toBe('');
  }).toPass({ timeout: 10_000 });

  // Staff ask to change the student's sign-in email: it waits for the student (a card on the
  // Profile page, a link at the current address). The other student's change waits for a second
  // staff member, as for a student who can no longer read their address.
  const newAddress = (body: StudentUpdate) => ({
    ...body,
    personalDetail: { ...body.personalDetail, emailID: uniqueEmail('student') },
  });
  await editStudent(staff, studentId, newAddress);
  const placedId = (await ok<{ _id: string }>(placed.get('/api/student/getUserData')))._id;
  await editStudent(staff, placedId, newAddress);
  const placedChange = await ok<{ emailChange: { _id: string } }>(
    staff.get(`/api/college-staff/getStudentDetails/${placedId}`),
  );
  await ok(staff.post(`/api/college-staff/emailChanges/${placedChange.emailChange._id}/lostAddress`));
  let answerToken = '';
  await expect(async () => {
    const outbox = await ok<{ to: string; text: string }[]>(visitor.get('/api/dev/outbox'));
    const email = outbox.find((e) => e.to === studentEmail && /email-change#token=/.test(e.text));
    answerToken = /#token=([\w-]+)/.exec(email?.text ?? '')?.[1] ?? '';
    expect(answerToken).not.toBe('');
  }).toPass({ timeout: 10_000 });

  // Accounts whose state changes what their area shows: a company not yet decided on, one the
  // placement cell rejected, a suspended student and a debarred one.
  const pending = await accountIn(baseURL, 'company', 'Pia', { company: `Pending ${run} Works` });
  const rejected = await accountIn(baseURL, 'company', 'Ravi', { company: `Refused ${run} Corp` });
  const rejectedId = (await ok<{ _id: string }>(rejected.get('/api/company/getCompanyData')))._id;
  await ok(
    staff.put(`/api/college-staff/companies/${rejectedId}/status`, {
      data: { role: 'Rejected', reason: 'Not a registered company.' },
    }),
  );
  const suspended = await accountIn(baseURL, 'student', `Sanju${run}`);
  const debarred = await accountIn(baseURL, 'student', `Dev${run}`);
  const idOf = async (api: APIRequestContext) =>
    (await ok<{ _id: string }>(api.get('/api/student/getUserData')))._id;
  await editStudent(staff, await idOf(suspended), (body) => ({ ...body, role: 'Suspended' }));
  await editStudent(staff, await idOf(debarred), (body) => ({
    ...body,
    role: 'Debarred',
    debarment: { reason: 'Declined an accepted offer.', until: day(30) },
  }));

  const states = {
    student: await student.storageState(),
    'college-staff': await staff.storageState(),
    company: await company.storageState(),
    'company awaiting approval': await pending.storageState(),
    'rejected company': await rejected.storageState(),
    'suspended student': await suspended.storageState(),
    'debarred student': await debarred.storageState(),
  };
  await Promise.all(
    [staff, company, student, placed, visitor, pending, rejected, suspended, debarred].map((api) =>
      api.dispose(),
    ),
  );
  return {
    states,
    student: { id: studentId, name: `${studentName} Tester` },
    company: { id: companyId, name: companyName },
    jobs,
    interviewJobId: interviewJob,
    applications: {
      interview: interviewApplication!._id,
      offer: offerApplications.find((a) => a.studentId === studentId)!._id,
    },
    resetToken,
    answerToken,
    lostAddressStudent: placedId,
  };
}

/** The kept world, if its staff session still answers on this server (else null). */
async function keptWorld(file: string, baseURL: string): Promise<World | null> {
  let world: World;
  try {
    world = JSON.parse(await fs.readFile(file, 'utf8')) as World;
  } catch {
    return null;
  }
  const staff = await request.newContext({ baseURL, storageState: world.states['college-staff'] });
  try {
    // A world kept by an older version of this file lacks what later pages need.
    if (!world.interviewJobId) return null;
    return (await staff.get('/api/college-staff/getCollegeStaffData')).ok() ? world : null;
  } finally {
    await staff.dispose();
  }
}

/**
 * The world is built once per run and kept in the run's output folder: Playwright starts a new
 * worker after each failed test, and building it again there made every failure cost a minute.
 * One worker builds it under a lock file while the other waits. A kept world counts only while its
 * staff session answers (a new run is a new server on an empty database).
 */
async function sharedWorld(baseURL: string, dir: string): Promise<World> {
  const file = path.join(dir, 'a11y-world.json');
  const lock = `${file}.lock`;
  await fs.mkdir(dir, { recursive: true });
  for (const deadline = Date.now() + 150_000; Date.now() < deadline;) {
    const kept = await keptWorld(file, baseURL);
    if (kept) return kept;
    const stat = await fs.stat(lock).catch(() => null);
    // A builder that died (its worker timed out) leaves its lock behind.
    if (stat && Date.now() - stat.mtimeMs > 120_000) await fs.rm(lock, { force: true });
    const handle = await fs.open(lock, 'wx').catch(() => null);
    if (!handle) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      continue;
    }
    try {
      const world = await buildWorld(baseURL);
      await fs.writeFile(file, JSON.stringify(world));
      return world;
    } finally {
      await handle.close();
      await fs.rm(lock, { force: true });
    }
  }
  throw new Error(`No accessibility test data: ${lock} was held too long.`);
}

/** One open page per viewer in a worker, which every test of that viewer in the worker reuses. */
type ViewerPages = { pageOf: (viewer: Viewer) => Promise<Page> };

const test = base.extend<{ viewer: Viewer }, { world: World; viewerPages: ViewerPages }>({
  viewer: ['visitor', { option: true }],
  world: [
    // Playwright reads a fixture's needs from this pattern, so it stays even when empty.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      await use(await sharedWorld(String(workerInfo.project.use.baseURL), workerInfo.project.outputDir));
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  /**
   * A browser context costs a new renderer process, which compiles the app's scripts and axe-core
   * (650 KB) afresh: about 2 s of a test's 6 s on the 2-core machine, measured in docs/testing.md.
   * The pages here only read, so a viewer's tests in one worker share a context (with the viewer's
   * session) and its page; each test still loads its page afresh at each width.
   */
  viewerPages: [
    async ({ browser, world }, use, workerInfo) => {
      const pages = new Map<Viewer, Promise<Page>>();
      const open = async (viewer: Viewer) => {
        const { baseURL, viewport } = workerInfo.project.use;
        const context = await browser.newContext({
          baseURL,
          viewport,
          storageState: viewer === 'visitor' ? undefined : world.states[viewer],
        });
        return context.newPage();
      };
      await use({
        pageOf: (viewer) => {
          if (!pages.has(viewer)) pages.set(viewer, open(viewer));
          return pages.get(viewer)!;
        },
      });
      await Promise.all([...pages.values()].map(async (page) => (await page).context().close()));
    },
    { scope: 'worker' },
  ],
  page: async ({ viewer, viewerPages }, use) => {
    await use(await viewerPages.pageOf(viewer));
  },
});

/** A page to check: where it is, its heading, and what shows that its content has arrived. */
type PageCheck = {
  name: string;
  path: (world: World) => string;
  heading: string | RegExp;
  content?: (page: Page, world: World) => Locator;
};

const at = (path: string) => () => path;

/**
 * Every route of apps/web/src/app/router.tsx, as the viewer it is for. Routes rendering the same
 * page as one listed are left out (/student/dashboard and /student/profile are /student, the home
 * above the profile, likewise for staff; /company/dashboard is /company, the company's home;
 * /company/postJobs is /company/jobposts), as is the redirect /college-staff/studentDetails.
 */
const pagesOf: Record<Viewer, PageCheck[]> = {
  visitor: [
    { name: 'landing', path: at('/'), heading: 'One portal, three sides of campus hiring' },
    { name: 'about', path: at('/about'), heading: 'About' },
    { name: 'contact', path: at('/contact'), heading: 'Contact Page' },
    { name: 'sign-in chooser', path: at('/signin'), heading: 'Sign in' },
    { name: 'student sign-in', path: at('/signin/student'), heading: 'Student Sign In' },
    { name: 'staff sign-in', path: at('/signin/college-staff'), heading: 'College Staff Sign In' },
    { name: 'company sign-in', path: at('/signin/company'), heading: 'Company Sign In' },
    { name: 'sign-up chooser', path: at('/signup'), heading: 'Create an account' },
    { name: 'student sign-up', path: at('/signup/student'), heading: 'Student Sign Up' },
    { name: 'staff sign-up', path: at('/signup/college-staff'), heading: 'College Staff Sign Up' },
    { name: 'company sign-up', path: at('/signup/company'), heading: 'Company Sign Up' },
    ...(['student', 'college-staff', 'company'] as const).flatMap((role): PageCheck[] => [
      {
        name: `${role} forgot password`,
        path: at(`/signin/${role}/forgot-password`),
        heading: /Forgot Password/,
      },
      {
        name: `${role} reset password, link without a token`,
        path: at(`/signin/${role}/reset-password`),
        heading: /Reset Password/,
        content: (page) => page.getByRole('link', { name: 'Ask for a new link' }),
      },
      {
        name: `${role} confirm email`,
        path: at(`/signin/${role}/confirm-email#token=${'a'.repeat(43)}`),
        heading: /Confirm Email/,
        content: (page) => page.getByRole('button'),
      },
    ]),
    {
      name: 'student reset password, valid link',
      path: (world) => `/signin/student/reset-password#token=${world.resetToken}`,
      heading: /Reset Password/,
      content: (page) => page.getByLabel('Confirm New Password'),
    },
    {
      name: 'student email change link',
      path: (world) => `/signin/student/email-change#token=${world.answerToken}`,
      heading: /Email Change/,
      content: (page) => page.getByRole('button', { name: 'Approve the change' }),
    },
    {
      name: 'student email change link without a token',
      path: at('/signin/student/email-change'),
      heading: /Email Change/,
      content: (page) => page.getByRole('alert'),
    },
    {
      name: 'development outbox',
      path: at('/dev/outbox'),
      heading: 'Development outbox',
      content: (page) => page.getByRole('listitem').first(),
    },
    { name: 'not found', path: at('/no-such-page'), heading: 'Page not found' },
  ],
  student: [
    {
      name: 'home and profile',
      path: at('/student'),
      heading: 'Dashboard',
      // The day's sections are drawn (the offer from the world's company), and the profile below.
      content: (page, world) =>
        page.getByRole('region', { name: 'Offers to answer' }).getByText(world.company.name).first(),
    },
    {
      name: 'profile with a change of the sign-in email to approve',
      path: at('/student/profile'),
      heading: 'Profile',
      content: (page) => page.getByRole('region', { name: 'Change of your sign-in email' }),
    },
    {
      name: 'academic details',
      path: at('/student/academicDetails'),
      heading: 'Academic Details',
      content: (page) =>
        page
          .getByRole('main')
          .getByText(/^Verified by/)
          .first(),
    },
    {
      name: 'resume',
      path: at('/student/resume'),
      heading: 'Resume',
      content: (page) => page.locator('.react-pdf__Page__canvas'),
    },
    {
      name: 'previous internships',
      path: at('/student/previousInternships'),
      heading: 'Previous Internships',
      content: (page) => page.getByRole('main').getByText('Backend Intern'),
    },
    {
      name: 'projects',
      path: at('/student/projects'),
      heading: 'Projects',
      content: (page) => page.getByRole('main').getByText('A web app for placements.'),
    },
    {
      name: 'job vacancies',
      path: at('/student/jobVacancies'),
      heading: 'Job Vacancies',
      content: (page, world) => page.getByRole('article', { name: world.jobs.interview }),
    },
    {
      name: 'job page',
      path: (world) => `/student/jobs/${world.interviewJobId}`,
      heading: /^Platform Engineer /,
      content: (page) => page.getByRole('heading', { name: 'How selection works' }),
    },
    {
      name: 'application status',
      path: at('/student/applicationStatus'),
      heading: 'Application Status',
      content: (page) => page.getByRole('button', { name: 'Accept offer' }),
    },
    {
      name: 'interview',
      path: at('/student/interview'),
      heading: 'Interview',
      content: (page, world) => page.getByRole('heading', { name: world.jobs.interview }),
    },
    {
      name: 'room board of a coordinator, none coordinated',
      path: at('/student/coordinator'),
      heading: 'Room Board',
      content: (page) => page.getByText('You coordinate no drive day from today on.'),
    },
    {
      name: 'events',
      path: at('/student/events'),
      heading: 'Events',
      content: (page) => page.getByText('No event open to you right now.'),
    },
    {
      name: 'reset password',
      path: at('/student/resetPassword'),
      heading: 'Reset Password',
    },
  ],
  'college-staff': [
    {
      name: 'home, profile and statistics',
      path: at('/college-staff'),
      heading: 'Dashboard',
      content: (page) => page.locator('figure canvas').first(),
    },
    {
      name: 'placement cell',
      path: at('/college-staff/placement-cell'),
      heading: 'Placement Cell',
      content: (page) => page.getByLabel('Contact email'),
    },
    {
      name: 'sign-in through the college',
      path: at('/college-staff/signin'),
      heading: 'Sign-in',
      content: (page) => page.getByRole('button', { name: 'Add a provider' }),
    },
    {
      name: 'students',
      path: (world) => `/college-staff/students?search=${world.student.name.split(' ')[0]!.toLowerCase()}`,
      heading: 'Students',
      content: (page, world) => page.getByRole('main').getByText(world.student.name).first(),
    },
    {
      name: 'student details',
      path: (world) => `/college-staff/studentDetails/${world.student.id}`,
      heading: 'Student Details',
      content: (page) => page.getByRole('table').filter({ hasText: 'Verified' }).first(),
    },
    {
      name: 'student details, an email change waiting for a second staff member',
      path: (world) => `/college-staff/studentDetails/${world.lostAddressStudent}`,
      heading: 'Student Details',
      content: (page) => page.getByRole('button', { name: 'Approve as the second staff member' }),
    },
    {
      name: 'import students',
      path: at('/college-staff/import'),
      heading: 'Import Students',
      content: (page) => page.getByRole('link', { name: /template/i }),
    },
    {
      name: 'companies',
      path: at('/college-staff/companies'),
      heading: 'Companies',
      content: (page) => page.getByRole('button').first(),
    },
    {
      name: 'company details',
      path: (world) => `/college-staff/companyDetails/${world.company.id}`,
      heading: /Company/,
      content: (page, world) =>
        page.getByRole('button', { name: `Approve the name ${world.company.name} Global` }),
    },
    {
      name: 'verification',
      path: at('/college-staff/verification'),
      heading: 'Verification',
      content: (page, world) =>
        page.getByRole('button', { name: `Approve the change for ${world.student.name}` }),
    },
    {
      name: 'placement policy',
      path: at('/college-staff/policy'),
      heading: 'Placement Policy',
      content: (page) => page.getByLabel('Tier 1 name'),
    },
    {
      name: 'programmes',
      path: at('/college-staff/programmes'),
      heading: 'Programmes',
      content: (page) => page.getByRole('table', { name: 'Programmes' }).getByText('BTECH-CSE'),
    },
    {
      name: 'events',
      path: at('/college-staff/events'),
      heading: 'Events',
      content: (page) => page.getByRole('heading', { name: 'New event' }),
    },
    {
      name: 'door of a coordinator, none coordinated',
      path: at('/college-staff/coordinator'),
      heading: 'At the door',
      content: (page) => page.getByText('You coordinate no drive day today.'),
    },
    { name: 'reset password', path: at('/college-staff/resetPassword'), heading: 'Reset Password' },
  ],
  company: [
    {
      name: 'home',
      path: at('/company'),
      heading: 'Dashboard',
      content: (page, world) =>
        page.getByRole('region', { name: 'Your jobs' }).getByText(world.jobs.offer).first(),
    },
    {
      name: 'profile',
      path: at('/company/profile'),
      heading: 'Profile',
      content: (page) => page.getByRole('main').getByText('Recruiter and company').first(),
    },
    {
      name: 'students',
      path: (world) => `/company/students?search=${world.student.name.split(' ')[0]!.toLowerCase()}`,
      heading: 'Students',
      content: (page, world) => page.getByRole('main').getByText(world.student.name).first(),
    },
    {
      name: 'student details',
      path: (world) => `/company/studentDetails/${world.student.id}`,
      heading: 'Student Details',
      content: (page) => page.locator('.react-pdf__Page__canvas'),
    },
    {
      name: 'job posts',
      path: at('/company/jobposts'),
      heading: 'Job Posts',
      content: (page, world) => page.getByRole('article', { name: world.jobs.offer }),
    },
    {
      name: 'applicants',
      path: at('/company/applicants'),
      heading: 'Applicants',
      content: (page, world) => page.getByRole('link', { name: world.student.name, exact: true }).first(),
    },
    {
      name: 'applicant details',
      path: (world) => `/company/applicantDetails/${world.applications.interview}`,
      heading: 'Applicant Details',
      content: (page) => page.getByRole('main').getByText('Room 204').first(),
    },
    {
      name: 'applicant details with an offer',
      path: (world) => `/company/applicantDetails/${world.applications.offer}`,
      heading: 'Applicant Details',
      content: (page) => page.getByRole('button', { name: /Withdraw/ }).first(),
    },
    {
      name: 'events',
      path: at('/company/events'),
      heading: 'Events',
      content: (page) => page.getByRole('heading', { name: 'New event' }),
    },
    { name: 'reset password', path: at('/company/resetPassword'), heading: 'Reset Password' },
  ],
  'company awaiting approval': [
    {
      name: 'home',
      path: at('/company'),
      heading: 'Dashboard',
      content: (page) => page.getByRole('region', { name: 'Waiting for you' }),
    },
    {
      name: 'profile',
      path: at('/company/profile'),
      heading: 'Profile',
      content: (page) => page.getByRole('status').filter({ hasText: 'awaiting approval' }).first(),
    },
    {
      name: 'students',
      path: at('/company/students'),
      heading: 'Students',
      content: (page) => page.getByRole('main').getByText('awaiting approval').first(),
    },
  ],
  'rejected company': [
    { name: 'any page', path: at('/company/profile'), heading: /not approved by the placement cell/ },
  ],
  'suspended student': [
    { name: 'any page', path: at('/student/profile'), heading: 'You are Suspended, Contact Admin.' },
  ],
  'debarred student': [
    {
      name: 'job vacancies',
      path: at('/student/jobVacancies'),
      heading: 'Job Vacancies',
      content: (page) => page.getByRole('region', { name: 'Debarment' }),
    },
  ],
};

/**
 * When the page scrolls sideways, the elements that make it: those past the window's edge that no
 * scroll box clips (an absolutely positioned one escapes a box it is not positioned in), the ones
 * reaching the page's far edge first.
 */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => {
    const { scrollWidth } = document.documentElement;
    if (scrollWidth <= window.innerWidth + 1) return [];
    const clipped = (el: Element) => {
      if (['absolute', 'fixed'].includes(getComputedStyle(el).position)) return false;
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      }
      return false;
    };
    const describe = (el: Element) =>
      el.tagName.toLowerCase() +
      (el.id ? `#${el.id}` : '') +
      (el.classList.length ? `.${Array.from(el.classList).slice(0, 3).join('.')}` : '') +
      ` (${getComputedStyle(el).position})`;
    const right = (el: Element) => el.getBoundingClientRect().right;
    return Array.from(document.querySelectorAll('body *'))
      .filter((el) => right(el) > window.innerWidth + 1 && !clipped(el))
      .sort((a, b) => Math.abs(scrollWidth - right(a)) - Math.abs(scrollWidth - right(b)))
      .slice(0, 5)
      .map((el) => `${describe(el)} ends at ${Math.round(right(el))} px`)
      .concat(`the page is ${scrollWidth} px wide in a ${window.innerWidth} px window`);
  });

// Two full axe runs and two loads of the page: on a busy machine the default 30 s is tight.
test.describe.configure({ timeout: 90_000 });

/** How long a page may take to show its content: lazy chunks, the PDF viewer, a loaded machine. */
const arrival = { timeout: 30_000 };

const widths = [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: '375 px', size: { width: 375, height: 740 } },
];

for (const viewer of Object.keys(pagesOf) as Viewer[]) {
  test.describe(viewer, () => {
    test.use({ viewer });
    for (const check of pagesOf[viewer]) {
      test(check.name, async ({ page, world }) => {
        // Each width is a fresh load, so a layout chosen at start-up (the sidebar) is the one
        // a phone would get.
        for (const [index, width] of widths.entries()) {
          await page.setViewportSize(width.size);
          if (index === 0) await page.goto(check.path(world));
          else await page.reload();
          await expect(page.getByRole('heading', { name: check.heading }).first()).toBeVisible(arrival);
          if (check.content) await expect(check.content(page, world).first()).toBeVisible(arrival);
          await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0, arrival);

          const where = `${check.path(world)} at ${width.name}`;
          expect.soft(await axeViolations(page), `axe-core on ${where}`).toEqual([]);
          if (width.size.width < 400) {
            expect.soft(await sidewaysOverflow(page), `sideways scroll on ${where}`).toEqual([]);
          }
        }
      });
    }
  });
}
