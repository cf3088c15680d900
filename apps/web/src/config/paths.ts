import type { CompanyStatus, Role } from '@portal/contracts/common';
import { emailLinks, roleHomes } from '@portal/contracts/links';

/**
 * Every route string of the web app, written once. Routes, links and redirects all read from here.
 * Route segments keep the specification's spelling (academicDetails, jobposts, ...). The pages that
 * emails link to take their strings from the contracts' emailLinks, so an email cannot point to a
 * page that moved.
 */
export const paths = {
  home: '/',
  /** Any path no route matches. */
  notFound: '*',
  about: '/about',
  contact: '/contact',
  signin: {
    root: '/signin',
    /** Where sign-out lands; renders the same chooser as /signin. */
    afterSignOut: '/signin/',
    student: '/signin/student',
    staff: '/signin/college-staff',
    company: '/signin/company',
    /** Asks for a link by email to choose a new password. */
    forgotPassword: {
      student: emailLinks.forgotPassword('student'),
      staff: emailLinks.forgotPassword('college-staff'),
      company: emailLinks.forgotPassword('company'),
    },
    /** Where the emailed link lands; its token follows in the fragment (#token=...). */
    resetPassword: {
      student: emailLinks.resetPassword('student'),
      staff: emailLinks.resetPassword('college-staff'),
      company: emailLinks.resetPassword('company'),
    },
    /** Where the link sent to a new sign-in email lands; its token follows in the fragment too. */
    confirmEmail: {
      student: emailLinks.confirmEmail('student'),
      staff: emailLinks.confirmEmail('college-staff'),
      company: emailLinks.confirmEmail('company'),
    },
    /** Where the link sent to a student's current address lands, to approve or decline a change of it. */
    answerEmailChange: emailLinks.answerEmailChange,
  },
  signup: {
    root: '/signup',
    student: '/signup/student',
    staff: '/signup/college-staff',
    company: '/signup/company',
  },
  student: {
    root: roleHomes.student,
    dashboard: '/student/dashboard',
    profile: '/student/profile',
    academicDetails: emailLinks.studentAcademicDetails,
    resume: '/student/resume',
    previousInternships: '/student/previousInternships',
    projects: '/student/projects',
    jobVacancies: '/student/jobVacancies',
    /** One job: its description, eligibility, stages and deadline, with Apply's review and Withdraw. */
    job: '/student/jobs/:id',
    applicationStatus: emailLinks.studentApplications,
    interview: emailLinks.studentInterviews,
    /** The student's drive days: their interviews, ranking, booking and any no-show penalty. */
    driveDays: emailLinks.studentDriveDays,
    /** The room board of the drive days a student volunteer coordinates. */
    coordinator: '/student/coordinator',
    /** Talks, tests and group discussions open to the student, with the attendance code. */
    events: emailLinks.studentEvents,
    resetPassword: '/student/resetPassword',
  },
  staff: {
    root: roleHomes['college-staff'],
    dashboard: '/college-staff/dashboard',
    profile: '/college-staff/profile',
    students: '/college-staff/students',
    /** Bulk import of students from a CSV, with a preview before anything is written. */
    importStudents: '/college-staff/import',
    studentDetailsList: '/college-staff/studentDetails',
    studentDetails: '/college-staff/studentDetails/:id',
    companies: emailLinks.staffCompanies,
    companyDetails: '/college-staff/companyDetails/:id',
    /** Verified academic details: the students' change requests and the "only verified" setting. */
    verification: emailLinks.staffChangeRequests,
    /** The season's placement policy: tiers, limits, its versions and the dry run. */
    placementPolicy: '/college-staff/policy',
    /** Drive days: declare, run the allotment, preview, publish, changes on the day, no-shows. */
    driveDays: emailLinks.staffDriveDays,
    /** A published drive day's room board. */
    driveDayBoard: '/college-staff/driveDays/:id/board',
    /** Events: make them; one event's page scans attendance and exports it. */
    events: emailLinks.staffEvents,
    event: `${emailLinks.staffEvents}/:id`,
    /** A staff member coordinating today's drive day: the events at the door of their companies. */
    coordinator: '/college-staff/coordinator',
    /** The placement cell's public details (About, Contact). */
    placementCell: '/college-staff/placement-cell',
    /** The university's placement director: every college's figures side by side. */
    university: '/college-staff/university',
    /** Sign-in through the college: its OpenID Connect providers, and password sign-in on or off. */
    signin: '/college-staff/signin',
    programmes: '/college-staff/programmes',
    resetPassword: '/college-staff/resetPassword',
  },
  company: {
    root: roleHomes.company,
    /** The spec sends a new company here after sign-up (same page as /company). */
    rootAfterSignup: '/company/',
    dashboard: '/company/dashboard',
    profile: '/company/profile',
    students: emailLinks.companyStudents,
    studentDetails: '/company/studentDetails/:id',
    jobposts: '/company/jobposts',
    postJobs: '/company/postJobs',
    applicants: emailLinks.companyApplicants,
    applicantDetails: '/company/applicantDetails/:id',
    /** Drive days: the company's panels, self-booking slots and no-show marking. */
    driveDays: emailLinks.companyDriveDays,
    /** The room board of the company's panels on a published drive day. */
    driveDayBoard: '/company/driveDays/:id/board',
    /** The company's events for its jobs; one event's page scans attendance and exports it. */
    events: emailLinks.companyEvents,
    event: `${emailLinks.companyEvents}/:id`,
    resetPassword: '/company/resetPassword',
  },
  /** The emails the server would have sent; it answers only while running in development. */
  devOutbox: '/dev/outbox',
} as const;

/** Fills the `:id` of a detail route, e.g. `detailHref(paths.staff.studentDetails, id)`. */
export const detailHref = (pattern: `${string}/:id`, id: string) =>
  pattern.replace(/:id$/, encodeURIComponent(id));

/** Fills the `:id` of a drive day's board route. */
export const boardHref = (pattern: `${string}/:id/board`, id: string) =>
  pattern.replace(/:id\/board$/, `${encodeURIComponent(id)}/board`);

/** The staff's companies page filtered to one status (the page reads ?status=). */
export const staffCompaniesHref = (status: CompanyStatus) =>
  `${paths.staff.companies}?${new URLSearchParams({ status }).toString()}`;

/** The company's applicants page filtered to one job (the page reads ?jobId=). */
export const jobApplicantsHref = (jobId: string) =>
  `${paths.company.applicants}?${new URLSearchParams({ jobId }).toString()}`;

/**
 * Each role's area, its sign-in, sign-up, password recovery and email confirmation pages, and where the spec sends it
 * after signing in or up.
 */
export const roleRoutes: Record<
  Role,
  {
    area: string;
    signin: string;
    signup: string;
    forgotPassword: string;
    resetPassword: string;
    confirmEmail: string;
    afterSignin: string;
    afterSignup: string;
  }
> = {
  student: {
    area: paths.student.root,
    signin: paths.signin.student,
    signup: paths.signup.student,
    forgotPassword: paths.signin.forgotPassword.student,
    resetPassword: paths.signin.resetPassword.student,
    confirmEmail: paths.signin.confirmEmail.student,
    afterSignin: paths.student.root,
    afterSignup: paths.student.profile,
  },
  'college-staff': {
    area: paths.staff.root,
    signin: paths.signin.staff,
    signup: paths.signup.staff,
    forgotPassword: paths.signin.forgotPassword.staff,
    resetPassword: paths.signin.resetPassword.staff,
    confirmEmail: paths.signin.confirmEmail.staff,
    afterSignin: paths.staff.root,
    afterSignup: paths.staff.dashboard,
  },
  company: {
    area: paths.company.root,
    signin: paths.signin.company,
    signup: paths.signup.company,
    forgotPassword: paths.signin.forgotPassword.company,
    resetPassword: paths.signin.resetPassword.company,
    confirmEmail: paths.signin.confirmEmail.company,
    afterSignin: paths.company.root,
    afterSignup: paths.company.rootAfterSignup,
  },
};

/** The side menus of the specification, in its order: each entry names its page. */
export const menus = {
  student: [
    { label: 'Profile', to: paths.student.profile },
    { label: 'Academic Details', to: paths.student.academicDetails },
    { label: 'Resume', to: paths.student.resume },
    { label: 'Previous Internships', to: paths.student.previousInternships },
    { label: 'Projects', to: paths.student.projects },
    { label: 'Job Vacancies', to: paths.student.jobVacancies },
    { label: 'Interview', to: paths.student.interview },
    { label: 'My Interviews', to: paths.student.driveDays },
    { label: 'Events', to: paths.student.events },
    { label: 'Application Status', to: paths.student.applicationStatus },
    { label: 'Reset Password', to: paths.student.resetPassword },
  ],
  'college-staff': [
    { label: 'Profile', to: paths.staff.profile },
    { label: 'Students', to: paths.staff.students },
    { label: 'Import Students', to: paths.staff.importStudents },
    { label: 'Companies', to: paths.staff.companies },
    { label: 'Verification', to: paths.staff.verification },
    { label: 'Placement Policy', to: paths.staff.placementPolicy },
    { label: 'Drive Days', to: paths.staff.driveDays },
    { label: 'Events', to: paths.staff.events },
    { label: 'Placement Cell', to: paths.staff.placementCell },
    { label: 'Sign-in', to: paths.staff.signin },
    { label: 'Programmes', to: paths.staff.programmes },
    { label: 'Reset Password', to: paths.staff.resetPassword },
  ],
  company: [
    { label: 'Profile', to: paths.company.profile },
    { label: 'Students', to: paths.company.students },
    { label: 'Job Posts', to: paths.company.jobposts },
    { label: 'Applicants', to: paths.company.applicants },
    { label: 'Drive Days', to: paths.company.driveDays },
    { label: 'Events', to: paths.company.events },
    { label: 'Reset Password', to: paths.company.resetPassword },
  ],
} as const satisfies Record<Role, readonly { label: string; to: string }[]>;
