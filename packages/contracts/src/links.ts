import type { Role } from './common.ts';

/**
 * The web pages emails link to. The web app's paths.ts uses these same strings for its routes, so a
 * link in an email cannot point to a page that moved.
 */
export const emailLinks = {
  /** The token follows in the fragment (#token=...), which browsers never send to a server or in a Referer. */
  resetPassword: (role: Role) => `/signin/${role}/reset-password` as const,
  forgotPassword: (role: Role) => `/signin/${role}/forgot-password` as const,
  /** Confirms a new sign-in email; the token follows in the fragment, as for reset links. */
  confirmEmail: (role: Role) => `/signin/${role}/confirm-email` as const,
  /** Where the student answers (approves or declines) a change of their email from the current address. */
  answerEmailChange: '/signin/student/email-change',
  companyProfile: '/company/profile',
  companyStudents: '/company/students',
  studentProfile: '/student/profile',
  studentAcademicDetails: '/student/academicDetails',
  staffCompanies: '/college-staff/companies',
  staffChangeRequests: '/college-staff/verification',
  studentApplications: '/student/applicationStatus',
  studentInterviews: '/student/interview',
  studentDriveDays: '/student/driveDays',
  companyDriveDays: '/company/driveDays',
  staffDriveDays: '/college-staff/driveDays',
  /** Events: the student's (register, show the attendance code), staff's and a company's (make, scan, export). */
  studentEvents: '/student/events',
  staffEvents: '/college-staff/events',
  companyEvents: '/company/events',
  companyApplicants: '/company/applicants',
  studentJobVacancies: '/student/jobVacancies',
  /** One application as its company sees it. */
  companyApplicant: (applicationId: string) => `/company/applicantDetails/${applicationId}` as const,
} as const;

/**
 * Each role's home, the root of its area: where the server sends a signed-in visitor of `/`
 * (plugins/web-app.ts) and the web's paths.ts names each area's root.
 */
export const roleHomes = {
  student: '/student',
  'college-staff': '/college-staff',
  company: '/company',
} as const satisfies Record<Role, string>;
