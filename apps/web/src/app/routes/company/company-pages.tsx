import { mayPostJobsAt } from '@portal/contracts/companies';
import { approval } from '@portal/contracts/messages';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { LoadingBlock } from '../../../components/ui/query-states.tsx';
import { CalendarFeedCard } from '../../../features/calendar-feed/components/calendar-feed-card.tsx';
import { useCompanyColleges } from '../../../features/companies/api/get-company-colleges.ts';
import { useCompanyProfile } from '../../../features/companies/api/get-company-profile.ts';
import { CompanyCollegesCard } from '../../../features/companies/components/company-colleges-card.tsx';
import { CompanyDetailsForm } from '../../../features/companies/components/company-details-form.tsx';
import { CompanyEmailSettings } from '../../../features/companies/components/company-email-settings.tsx';
import { CompanyPictureCard } from '../../../features/companies/components/company-picture-card.tsx';
import { useParams } from 'react-router';
import { detailHref, paths } from '../../../config/paths.ts';
import { CompanyDriveDays } from '../../../features/drive-days/components/company-drive-days.tsx';
import { RoomBoardView } from '../../../features/drive-days/components/room-board.tsx';
import { EventAttendance } from '../../../features/events/components/event-attendance.tsx';
import { ManageEvents } from '../../../features/events/components/manage-events.tsx';
import { useOwnJobs } from '../../../features/hiring/api/get-own-jobs.ts';
import { ApplicantNeighbours } from '../../../features/hiring/components/applicant-neighbours.tsx';
import { ApplicantPipeline } from '../../../features/hiring/components/applicant-pipeline.tsx';
import { ApplicantsTable } from '../../../features/hiring/components/applicants-table.tsx';
import { JobList, NewJobCard } from '../../../features/hiring/components/job-list.tsx';
import { CompanyHome } from '../../../features/homes/components/company-home.tsx';
import { StudentList } from '../../../features/student-records/components/student-list.tsx';
import { StudentProfile } from '../../../features/student-records/components/student-profile.tsx';
import { ResetPasswordPage as AreaResetPasswordPage } from '../area/reset-password-page.tsx';

/** The index and dashboard routes: the company's home. */
export function CompanyHomePage() {
  return (
    <>
      <PageHeading title="Dashboard">Your jobs, today&apos;s interviews and what awaits you.</PageHeading>
      <CompanyHome />
    </>
  );
}

/** The profile route; the layout has loaded the record already. */
export function CompanyProfilePage() {
  const { data } = useCompanyProfile();
  if (!data) return null;
  return (
    <>
      <PageHeading title="Profile">Your details and your company.</PageHeading>
      <div className="grid gap-6 lg:grid-cols-[20rem_1fr]">
        <CompanyPictureCard company={data} />
        <CompanyDetailsForm key={data._id} company={data} />
      </div>
      <CompanyCollegesCard className="mt-6" />
      <div className="mt-6">
        <CompanyEmailSettings />
      </div>
      <div className="mt-6">
        <CalendarFeedCard role="company" />
      </div>
    </>
  );
}

function JobsPage() {
  // Where a job may go: the colleges the company asked that have not refused or suspended it.
  const colleges = useCompanyColleges();
  const postable = (colleges.data ?? []).flatMap((c) =>
    mayPostJobsAt(c.status) ? [{ id: c.id, name: c.name, allowed: c.status === 'Allowed' }] : [],
  );
  return (
    <>
      <PageHeading title="Job Posts">Post a job and manage the ones you posted.</PageHeading>
      <div className="space-y-8">
        {/* The form waits for the colleges it starts ticked with: mounted before, it was mounted
            again when they came, and lost what the recruiter had typed meanwhile. */}
        {colleges.isPending ? (
          <LoadingBlock />
        ) : (
          <NewJobCard key={postable.map((c) => c.id).join()} colleges={postable} />
        )}
        <section aria-labelledby="your-jobs">
          <h2 id="your-jobs" className="mb-4 text-lg font-semibold text-slate-900">
            Your jobs
          </h2>
          <JobList colleges={postable} />
        </section>
      </div>
    </>
  );
}

/** A company awaiting approval may not see students: the server refuses, so the page does not ask. */
const useAwaitingApproval = () => useCompanyProfile().data?.role === 'Pending';

export function StudentsPage() {
  const awaiting = useAwaitingApproval();
  const colleges = useCompanyColleges();
  // The colleges whose students the company may browse: those that allow it.
  const allowing = (colleges.data ?? []).filter((c) => c.status === 'Allowed');
  return (
    <>
      <PageHeading title="Students">Students of the college open to offers, with their resumes.</PageHeading>
      {awaiting ? (
        <EmptyState>{approval.awaiting}</EmptyState>
      ) : colleges.isPending ? (
        <LoadingBlock />
      ) : (
        <StudentList viewer="company" colleges={allowing} />
      )}
    </>
  );
}

export function StudentDetailsPage() {
  const { id = '' } = useParams();
  const awaiting = useAwaitingApproval();
  return (
    <>
      <PageHeading title="Student Details">Their studies, internships, projects and resume.</PageHeading>
      {awaiting ? <EmptyState>{approval.awaiting}</EmptyState> : <StudentProfile id={id} />}
    </>
  );
}
export const JobPostsPage = JobsPage;
export const PostJobsPage = JobsPage;

export function ApplicantsPage() {
  return (
    <>
      <PageHeading title="Applicants">Everyone who applied to your jobs, and where they stand.</PageHeading>
      <ApplicantsTable />
    </>
  );
}

export function ApplicantDetailsPage() {
  const { id = '' } = useParams();
  return (
    <>
      <PageHeading title="Applicant Details">The student, their application and its next step.</PageHeading>
      <ApplicantNeighbours id={id} />
      <ApplicantPipeline id={id} />
    </>
  );
}
export const ResetPasswordPage = () => <AreaResetPasswordPage role="company" />;

/** Drive days: the company's panels on each day, self-booking slots and no-show marking. */
export function DriveDaysPage() {
  const jobs = useOwnJobs();
  return (
    <>
      <PageHeading title="Drive Days">
        Your panels on the placement cell's drive days, and who comes when.
      </PageHeading>
      <CompanyDriveDays jobs={(jobs.data ?? []).map((j) => ({ id: j._id, role: j.role }))} />
    </>
  );
}

/** The room board of the company's panels on a published drive day, live. */
export function RoomBoardPage() {
  const { id = '' } = useParams();
  return (
    <>
      <PageHeading title="Room Board">
        Your panels: who is in the room, who waits and who is next. A result moves the application.
      </PageHeading>
      <RoomBoardView key={id} viewer="company" id={id} />
    </>
  );
}

/** The company's events for its jobs: make one, and open one to scan attendance. */
export function EventsPage() {
  const jobs = useOwnJobs();
  return (
    <>
      <PageHeading title="Events">Talks, tests and group discussions for your jobs.</PageHeading>
      {jobs.isPending ? null : (
        <ManageEvents
          side="company"
          jobs={(jobs.data ?? []).map((j) => ({ id: j._id, role: j.role }))}
          eventHref={(id) => detailHref(paths.company.event, id)}
        />
      )}
    </>
  );
}

/** One of the company's events: scan the students' codes, see who came and export the list. */
export function EventPage() {
  const { id = '' } = useParams();
  return (
    <>
      <PageHeading title="Event attendance">Scan each student’s code at the door.</PageHeading>
      <EventAttendance key={id} side="company" id={id} />
    </>
  );
}
