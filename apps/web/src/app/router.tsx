import type { Role } from '@portal/contracts/common';
import { auth } from '@portal/contracts/messages';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  type LoaderFunctionArgs,
  redirect,
  type RouteObject,
  RouterProvider,
} from 'react-router';
import { LoadingOverlay } from '../components/ui/loading-overlay.tsx';
import { paths, roleRoutes } from '../config/paths.ts';
import { loadUserType } from '../features/auth/api/get-status.ts';
import { toastErrorLater } from '../lib/toast-error-later.ts';
import { LandingPage } from './routes/public/landing.tsx';
import { PublicLayout } from './routes/public/public-layout.tsx';
import { RootLayout } from './routes/root-layout.tsx';
import { RouteError } from './routes/route-error.tsx';

/**
 * A route whose component is fetched on first visit, so each page group is its own chunk. Zod is
 * configured first (see lib/zod-config.ts): every page that builds a schema is behind one of these,
 * and the landing page never loads zod at all.
 */
const lazyRoute =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => {
    await import('../lib/zod-config.ts');
    return { Component: pick(await load()) };
  };

/**
 * The same for a page (or frame) that builds no schema and imports nothing that does: it loads
 * without zod. The student's layout and vacancy page, which a phone opens most on placement day.
 */
const lazySchemaFreeRoute =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

/**
 * The two guards of one router. Public pages are for visitors: a signed-in user goes to their own
 * area. An area is for its own role: anyone else gets the unauthorized toast and lands on /signin,
 * where they stay (the spec's refusal), even when signed in as another role.
 */
function createGuards(queryClient: QueryClient) {
  let refusedToSignin = false;

  const visitorsOnly = async ({ request }: LoaderFunctionArgs) => {
    const userType = await loadUserType(queryClient);
    if (userType === 'visitor') return null;
    if (refusedToSignin && new URL(request.url).pathname === paths.signin.root) {
      refusedToSignin = false;
      return null;
    }
    return redirect(roleRoutes[userType].area);
  };

  /**
   * The profile starts loading alongside the area's code. Its query module is imported here rather
   * than at the top, so the landing page does not carry the query hooks every profile file exports.
   */
  const roleOnly = (role: Role, prefetchProfile: () => Promise<void>) => async () => {
    const userType = await loadUserType(queryClient);
    if (userType !== role) {
      toastErrorLater(auth.unauthorized, { toastId: 'unauthorized' });
      refusedToSignin = true;
      return redirect(paths.signin.root);
    }
    void prefetchProfile();
    return null;
  };

  return { visitorsOnly, roleOnly };
}

const signinPages = () => import('./routes/public/signin-pages.tsx');
const signupPages = () => import('./routes/public/signup-pages.tsx');
const recoveryPages = () => import('./routes/public/password-recovery-pages.tsx');
const confirmEmailPages = () => import('./routes/public/confirm-email-pages.tsx');
const studentLayout = () => import('./routes/student/student-layout.tsx');
const studentPages = () => import('./routes/student/student-pages.tsx');
const jobVacanciesPage = () => import('./routes/student/job-vacancies-page.tsx');
const jobPage = () => import('./routes/student/job-page.tsx');
const staffLayout = () => import('./routes/staff/staff-layout.tsx');
const staffPages = () => import('./routes/staff/staff-pages.tsx');
const companyLayout = () => import('./routes/company/company-layout.tsx');
const companyPages = () => import('./routes/company/company-pages.tsx');

export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const { visitorsOnly, roleOnly } = createGuards(queryClient);
  return [
    {
      Component: RootLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: LoadingOverlay,
      children: [
        {
          Component: PublicLayout,
          children: [
            {
              // Visitors only: a signed-in user goes to their own area.
              loader: visitorsOnly,
              children: [
                { path: paths.home, Component: LandingPage },
                {
                  path: paths.about,
                  lazy: lazyRoute(
                    () => import('./routes/public/about.tsx'),
                    (m) => m.AboutPage,
                  ),
                },
                {
                  path: paths.contact,
                  lazy: lazyRoute(
                    () => import('./routes/public/contact.tsx'),
                    (m) => m.ContactPage,
                  ),
                },
                { path: paths.signin.root, lazy: lazyRoute(signinPages, (m) => m.SigninChooser) },
                { path: paths.signin.student, lazy: lazyRoute(signinPages, (m) => m.StudentSignin) },
                { path: paths.signin.staff, lazy: lazyRoute(signinPages, (m) => m.StaffSignin) },
                { path: paths.signin.company, lazy: lazyRoute(signinPages, (m) => m.CompanySignin) },
                { path: paths.signup.root, lazy: lazyRoute(signupPages, (m) => m.SignupChooser) },
                { path: paths.signup.student, lazy: lazyRoute(signupPages, (m) => m.StudentSignup) },
                { path: paths.signup.staff, lazy: lazyRoute(signupPages, (m) => m.StaffSignup) },
                { path: paths.signup.company, lazy: lazyRoute(signupPages, (m) => m.CompanySignup) },
              ],
            },
            // Open to a signed-in browser too: an emailed link has to work wherever it is opened, and a
            // developer signed in as a company can still read the emails their actions queued.
            {
              path: paths.signin.forgotPassword.student,
              lazy: lazyRoute(recoveryPages, (m) => m.StudentForgotPassword),
            },
            {
              path: paths.signin.forgotPassword.staff,
              lazy: lazyRoute(recoveryPages, (m) => m.StaffForgotPassword),
            },
            {
              path: paths.signin.forgotPassword.company,
              lazy: lazyRoute(recoveryPages, (m) => m.CompanyForgotPassword),
            },
            {
              path: paths.signin.resetPassword.student,
              lazy: lazyRoute(recoveryPages, (m) => m.StudentResetPassword),
            },
            {
              path: paths.signin.resetPassword.staff,
              lazy: lazyRoute(recoveryPages, (m) => m.StaffResetPassword),
            },
            {
              path: paths.signin.resetPassword.company,
              lazy: lazyRoute(recoveryPages, (m) => m.CompanyResetPassword),
            },
            {
              path: paths.signin.confirmEmail.student,
              lazy: lazyRoute(confirmEmailPages, (m) => m.StudentConfirmEmail),
            },
            {
              path: paths.signin.confirmEmail.staff,
              lazy: lazyRoute(confirmEmailPages, (m) => m.StaffConfirmEmail),
            },
            {
              path: paths.signin.confirmEmail.company,
              lazy: lazyRoute(confirmEmailPages, (m) => m.CompanyConfirmEmail),
            },
            {
              path: paths.signin.answerEmailChange,
              lazy: lazyRoute(confirmEmailPages, (m) => m.StudentAnswerEmailChange),
            },
            {
              path: paths.devOutbox,
              lazy: lazyRoute(
                () => import('./routes/dev/outbox-page.tsx'),
                (m) => m.DevOutboxPage,
              ),
            },
          ],
        },
        {
          path: paths.student.root,
          loader: roleOnly('student', async () => {
            const { getStudentProfileQueryOptions } =
              await import('../features/students/api/get-student-profile.ts');
            await queryClient.prefetchQuery(getStudentProfileQueryOptions());
          }),
          lazy: lazySchemaFreeRoute(studentLayout, (m) => m.StudentLayout),
          children: [
            { index: true, lazy: lazyRoute(studentPages, (m) => m.StudentProfilePage) },
            { path: paths.student.dashboard, lazy: lazyRoute(studentPages, (m) => m.StudentProfilePage) },
            { path: paths.student.profile, lazy: lazyRoute(studentPages, (m) => m.StudentProfilePage) },
            {
              path: paths.student.academicDetails,
              lazy: lazyRoute(studentPages, (m) => m.AcademicDetailsPage),
            },
            { path: paths.student.resume, lazy: lazyRoute(studentPages, (m) => m.ResumePage) },
            {
              path: paths.student.previousInternships,
              lazy: lazyRoute(studentPages, (m) => m.PreviousInternshipsPage),
            },
            { path: paths.student.projects, lazy: lazyRoute(studentPages, (m) => m.ProjectsPage) },
            {
              path: paths.student.jobVacancies,
              lazy: lazySchemaFreeRoute(jobVacanciesPage, (m) => m.JobVacanciesPage),
            },
            { path: paths.student.job, lazy: lazySchemaFreeRoute(jobPage, (m) => m.JobPage) },
            {
              path: paths.student.applicationStatus,
              lazy: lazyRoute(studentPages, (m) => m.ApplicationStatusPage),
            },
            { path: paths.student.interview, lazy: lazyRoute(studentPages, (m) => m.InterviewPage) },
            { path: paths.student.driveDays, lazy: lazyRoute(studentPages, (m) => m.DriveDaysPage) },
            { path: paths.student.coordinator, lazy: lazyRoute(studentPages, (m) => m.CoordinatorPage) },
            { path: paths.student.events, lazy: lazyRoute(studentPages, (m) => m.EventsPage) },
            { path: paths.student.resetPassword, lazy: lazyRoute(studentPages, (m) => m.ResetPasswordPage) },
          ],
        },
        {
          path: paths.staff.root,
          loader: roleOnly('college-staff', async () => {
            const { getStaffProfileQueryOptions } =
              await import('../features/staff/api/get-staff-profile.ts');
            await queryClient.prefetchQuery(getStaffProfileQueryOptions());
          }),
          lazy: lazyRoute(staffLayout, (m) => m.StaffLayout),
          children: [
            { index: true, lazy: lazyRoute(staffPages, (m) => m.StaffProfilePage) },
            { path: paths.staff.dashboard, lazy: lazyRoute(staffPages, (m) => m.StaffProfilePage) },
            { path: paths.staff.profile, lazy: lazyRoute(staffPages, (m) => m.StaffProfilePage) },
            { path: paths.staff.students, lazy: lazyRoute(staffPages, (m) => m.StudentsPage) },
            { path: paths.staff.importStudents, lazy: lazyRoute(staffPages, (m) => m.ImportStudentsPage) },
            {
              path: paths.staff.studentDetailsList,
              lazy: lazyRoute(staffPages, (m) => m.StudentDetailsWithoutId),
            },
            { path: paths.staff.studentDetails, lazy: lazyRoute(staffPages, (m) => m.StudentDetailsPage) },
            { path: paths.staff.companies, lazy: lazyRoute(staffPages, (m) => m.CompaniesPage) },
            { path: paths.staff.companyDetails, lazy: lazyRoute(staffPages, (m) => m.CompanyDetailsPage) },
            { path: paths.staff.verification, lazy: lazyRoute(staffPages, (m) => m.VerificationPage) },
            {
              path: paths.staff.placementPolicy,
              lazy: lazyRoute(staffPages, (m) => m.PlacementPolicyPage),
            },
            { path: paths.staff.driveDays, lazy: lazyRoute(staffPages, (m) => m.DriveDaysPage) },
            { path: paths.staff.driveDayBoard, lazy: lazyRoute(staffPages, (m) => m.RoomBoardPage) },
            { path: paths.staff.events, lazy: lazyRoute(staffPages, (m) => m.EventsPage) },
            { path: paths.staff.event, lazy: lazyRoute(staffPages, (m) => m.EventPage) },
            { path: paths.staff.coordinator, lazy: lazyRoute(staffPages, (m) => m.CoordinatorPage) },
            { path: paths.staff.placementCell, lazy: lazyRoute(staffPages, (m) => m.PlacementCellPage) },
            { path: paths.staff.university, lazy: lazyRoute(staffPages, (m) => m.UniversityPage) },
            { path: paths.staff.signin, lazy: lazyRoute(staffPages, (m) => m.SigninSettingsPage) },
            { path: paths.staff.programmes, lazy: lazyRoute(staffPages, (m) => m.ProgrammesPage) },
            { path: paths.staff.resetPassword, lazy: lazyRoute(staffPages, (m) => m.ResetPasswordPage) },
          ],
        },
        {
          path: paths.company.root,
          loader: roleOnly('company', async () => {
            const { getCompanyProfileQueryOptions } =
              await import('../features/companies/api/get-company-profile.ts');
            await queryClient.prefetchQuery(getCompanyProfileQueryOptions());
          }),
          lazy: lazyRoute(companyLayout, (m) => m.CompanyLayout),
          children: [
            { index: true, lazy: lazyRoute(companyPages, (m) => m.CompanyHomePage) },
            { path: paths.company.dashboard, lazy: lazyRoute(companyPages, (m) => m.CompanyHomePage) },
            { path: paths.company.profile, lazy: lazyRoute(companyPages, (m) => m.CompanyProfilePage) },
            { path: paths.company.students, lazy: lazyRoute(companyPages, (m) => m.StudentsPage) },
            {
              path: paths.company.studentDetails,
              lazy: lazyRoute(companyPages, (m) => m.StudentDetailsPage),
            },
            { path: paths.company.jobposts, lazy: lazyRoute(companyPages, (m) => m.JobPostsPage) },
            { path: paths.company.postJobs, lazy: lazyRoute(companyPages, (m) => m.PostJobsPage) },
            { path: paths.company.applicants, lazy: lazyRoute(companyPages, (m) => m.ApplicantsPage) },
            { path: paths.company.driveDays, lazy: lazyRoute(companyPages, (m) => m.DriveDaysPage) },
            { path: paths.company.driveDayBoard, lazy: lazyRoute(companyPages, (m) => m.RoomBoardPage) },
            { path: paths.company.events, lazy: lazyRoute(companyPages, (m) => m.EventsPage) },
            { path: paths.company.event, lazy: lazyRoute(companyPages, (m) => m.EventPage) },
            {
              path: paths.company.applicantDetails,
              lazy: lazyRoute(companyPages, (m) => m.ApplicantDetailsPage),
            },
            { path: paths.company.resetPassword, lazy: lazyRoute(companyPages, (m) => m.ResetPasswordPage) },
          ],
        },
        {
          path: paths.notFound,
          lazy: lazyRoute(
            () => import('./routes/not-found.tsx'),
            (m) => m.NotFoundPage,
          ),
        },
      ],
    },
  ];
}

export const createAppRouter = (queryClient: QueryClient) => createBrowserRouter(createRoutes(queryClient));
export type AppRouter = ReturnType<typeof createAppRouter>;

/** Resolves once the first page's loaders (the role check, a lazy page's code) are done. */
export const routerReady = (router: AppRouter) =>
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });

export function AppRouter({ router }: { router: AppRouter }) {
  return <RouterProvider router={router} />;
}
