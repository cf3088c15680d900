import { universityMessages } from '@portal/contracts/university';
import { toasts } from '@portal/contracts/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { SigninSettings } from '../../../features/college-signin/components/signin-settings.tsx';
import { detailHref, paths } from '../../../config/paths.ts';
import { ChangeRequestList } from '../../../features/academic-records/components/change-request-list.tsx';
import { ProgrammeCatalogue } from '../../../features/programmes/components/programme-catalogue.tsx';
import { ProgrammeImport } from '../../../features/programmes/components/programme-import.tsx';
import { UnmappedDegrees } from '../../../features/programmes/components/unmapped-degrees.tsx';
import { RollNumberFormatSettings } from '../../../features/academic-records/components/roll-number-format-settings.tsx';
import { VerificationSettings } from '../../../features/academic-records/components/verification-settings.tsx';
import { RecordViewsCard } from '../../../features/record-views/components/record-views-card.tsx';
import { CalendarFeedCard } from '../../../features/calendar-feed/components/calendar-feed-card.tsx';
import { useStaffProfile } from '../../../features/staff/api/get-staff-profile.ts';
import { CompanyDetails } from '../../../features/staff/components/company-details.tsx';
import { CompanyList } from '../../../features/staff/components/company-list.tsx';
import { EraseStudentCard } from '../../../features/own-data/components/erase-student-card.tsx';
import { RetentionPanel } from '../../../features/own-data/components/retention-panel.tsx';
import { StaffDriveDays } from '../../../features/drive-days/components/staff-drive-days.tsx';
import { RoomBoardView } from '../../../features/drive-days/components/room-board.tsx';
import { EventAttendance } from '../../../features/events/components/event-attendance.tsx';
import { ManageEvents } from '../../../features/events/components/manage-events.tsx';
import { CoordinatorEvents } from '../../../features/events/components/coordinator-events.tsx';
import { useCoordinatorAssignments } from '../../../features/drive-days/api/room-board.ts';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { UniversityStatistics } from '../../../features/university/components/university-statistics.tsx';
import { PlacementPolicyPanel } from '../../../features/placement-policy/components/placement-policy-panel.tsx';
import { PlacementStatistics } from '../../../features/staff/components/placement-statistics.tsx';
import { StaffDetailsForm } from '../../../features/staff/components/staff-details-form.tsx';
import { StaffPictureCard } from '../../../features/staff/components/staff-picture-card.tsx';
import { getStudentDetailsQueryOptions } from '../../../features/student-records/api/get-student-details.ts';
import { StudentDetails } from '../../../features/student-records/components/student-details.tsx';
import { StudentList } from '../../../features/student-records/components/student-list.tsx';
import { studentsQueryKey } from '../../../features/student-records/api/get-students.ts';
import { getStatisticsQueryOptions } from '../../../features/staff/api/get-statistics.ts';
import { StudentImport } from '../../../features/student-imports/components/student-import.tsx';
import { ResetPasswordPage as AreaResetPasswordPage } from '../area/reset-password-page.tsx';
import { PlacementCellForm } from '../../../features/placement-cell/components/placement-cell-form.tsx';
import { StaffHome } from '../../../features/homes/components/staff-home.tsx';

const backLinkClass = 'text-sm font-medium text-indigo-700 underline-offset-2 hover:underline';

/**
 * The index, dashboard and profile routes (one page, as the spec has it): staff's day, then their own
 * details, their calendar feed and the college's statistics.
 */
export function StaffProfilePage() {
  // The layout renders pages only once the record has loaded.
  const { data } = useStaffProfile();
  if (!data) return null;
  return (
    <>
      <PageHeading title="Dashboard">
        What waits for you, today&apos;s interviews and the season so far.
      </PageHeading>
      <div className="mb-10">
        <StaffHome />
      </div>
      <PageHeading title="Profile">
        Your personal details and how the college&apos;s placements stand.
      </PageHeading>
      <div className="space-y-6">
        <StaffPictureCard staff={data} />
        {/* Keyed by id so another account's record never shows in a stale form. */}
        <StaffDetailsForm key={data._id} staff={data} />
        <CalendarFeedCard role="college-staff" />
        <PlacementStatistics />
      </div>
    </>
  );
}

export function StudentsPage() {
  return (
    <>
      <PageHeading title="Students">
        Search the college&apos;s students by name and filter the list.
      </PageHeading>
      <StudentList />
    </>
  );
}

/** Bulk import from a CSV: the list and the statistics are fetched again once it is applied. */
export function ImportStudentsPage() {
  const queryClient = useQueryClient();
  return (
    <>
      <PageHeading title="Import Students">
        Add or update many students at once from a CSV file, with a preview before anything is saved.
      </PageHeading>
      <StudentImport
        onApplied={() => {
          void queryClient.invalidateQueries({ queryKey: studentsQueryKey('college-staff') });
          void queryClient.invalidateQueries({ queryKey: getStatisticsQueryOptions().queryKey });
        }}
      />
    </>
  );
}

/** /college-staff/studentDetails without an id: back to the list, with the spec's hint. */
export function StudentDetailsWithoutId() {
  useEffect(() => {
    toast.info(toasts.clickOnDetails, { toastId: 'click-on-details' });
  }, []);
  return <Navigate to={paths.staff.students} replace />;
}

export function StudentDetailsPage() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  return (
    <>
      <Link to={paths.staff.students} className={backLinkClass}>
        ← Students
      </Link>
      <div className="mt-3">
        <PageHeading title="Student Details">
          The full record, its applications and every change made to it.
        </PageHeading>
      </div>
      {/* Keyed by id: another student's page starts afresh, never showing the last one's form. */}
      <StudentDetails
        key={id}
        id={id}
        after={
          <>
            <RecordViewsCard of={{ studentId: id }} />
            <EraseStudentCard
              studentId={id}
              onErased={() =>
                void queryClient.invalidateQueries({ queryKey: getStudentDetailsQueryOptions(id).queryKey })
              }
            />
          </>
        }
      />
    </>
  );
}

export function CompaniesPage() {
  return (
    <>
      <PageHeading title="Companies">
        Companies recruiting at the college, those awaiting your approval first, and their access.
      </PageHeading>
      <CompanyList />
    </>
  );
}

export function CompanyDetailsPage() {
  const { id = '' } = useParams();
  return (
    <>
      <Link to={paths.staff.companies} className={backLinkClass}>
        ← Companies
      </Link>
      <div className="mt-3">
        <PageHeading title="Company Details">
          The company&apos;s account and the applicants to each job.
        </PageHeading>
      </div>
      <CompanyDetails key={id} id={id} />
    </>
  );
}

/** Drive days: declare, run the allotment, preview, publish, changes on the day and no-shows. */
export function DriveDaysPage() {
  return (
    <>
      <PageHeading title="Drive Days">
        Days on which many companies interview at once: slots allotted without clashes.
      </PageHeading>
      <StaffDriveDays />
    </>
  );
}

/** A published drive day's room board: every panel's room, queue and results, live. */
export function RoomBoardPage() {
  const { id = '' } = useParams();
  return (
    <>
      <Link to={paths.staff.driveDays} className={backLinkClass}>
        Back to drive days
      </Link>
      <PageHeading title="Room Board">Who is in each room, who waits and who is next.</PageHeading>
      <RoomBoardView key={id} viewer="college-staff" id={id} />
    </>
  );
}

/** The season's placement policy: edit it, see what a change would do, and read its versions. */
export function PlacementPolicyPage() {
  return (
    <>
      <PageHeading title="Placement Policy">
        How many offers a student may accept, the tiers by package, and who may apply after placement.
      </PageHeading>
      <PlacementPolicyPanel />
      <div className="mt-6">
        <RetentionPanel />
      </div>
    </>
  );
}

/** The college's programmes: the catalogue, its CSV import and the degree texts left to map. */
export function ProgrammesPage() {
  return (
    <>
      <PageHeading title="Programmes">
        The programmes students choose and jobs are open to, and the degrees students wrote that none matched.
      </PageHeading>
      <div className="space-y-6">
        <ProgrammeCatalogue />
        <UnmappedDegrees />
        <ProgrammeImport />
      </div>
    </>
  );
}

/** Verified academic details: who may apply, and the students' changes waiting for approval. */
export function VerificationPage() {
  const queryClient = useQueryClient();
  return (
    <>
      <PageHeading title="Verification">
        Students&apos; changes to verified academic details, and whether only verified students can apply.
      </PageHeading>
      <div className="space-y-6">
        <VerificationSettings />
        <RollNumberFormatSettings />
        <ChangeRequestList
          // A decision changes the student's record (values, waiting change): show the new one there.
          onDecided={(request) =>
            void queryClient.invalidateQueries({
              queryKey: getStudentDetailsQueryOptions(request.student._id).queryKey,
            })
          }
        />
      </div>
    </>
  );
}

/** The placement cell as the public pages show it (About, Contact). */
export function PlacementCellPage() {
  return (
    <>
      <PageHeading title="Placement Cell">
        The placement cell&apos;s name, address and contact, as About and Contact show them to everyone.
      </PageHeading>
      <PlacementCellForm />
    </>
  );
}

export function SigninSettingsPage() {
  return (
    <>
      <PageHeading title="Sign-in">
        Sign-in through the college&apos;s identity provider (Google Workspace, Microsoft Entra ID or another
        OpenID Connect provider), and whether students and staff still sign in with a password.
      </PageHeading>
      <SigninSettings />
    </>
  );
}

export const ResetPasswordPage = () => <AreaResetPasswordPage role="college-staff" />;

/** The college's events: make one, and open one to scan attendance. */
export function EventsPage() {
  return (
    <>
      <PageHeading title="Events">
        Pre-placement talks, tests and group discussions for the college.
      </PageHeading>
      <ManageEvents side="staff" eventHref={(id) => detailHref(paths.staff.event, id)} />
    </>
  );
}

/** One event: scan the students' codes, see who came and export the list. */
export function EventPage() {
  const { id = '' } = useParams();
  return (
    <>
      <PageHeading title="Event attendance">Scan each student’s code at the door.</PageHeading>
      <EventAttendance key={id} side="staff" id={id} />
    </>
  );
}

/**
 * A staff member who coordinates today's drive day, at the door: today's events of the companies
 * they coordinate, the same list and scanner a student volunteer has (their room boards are on the
 * Drive days page, where staff see every panel).
 */
export function CoordinatorPage() {
  const assignments = useCoordinatorAssignments();
  const today = (assignments.data ?? []).some((a) => a.today);
  return (
    <>
      <PageHeading title="At the door">
        Today’s events of the companies you coordinate. Scan each student’s code as they arrive; the counts
        follow every registration and scan as it happens.
      </PageHeading>
      {assignments.isPending ? (
        <LoadingBlock />
      ) : assignments.isError ? (
        <ErrorBlock
          message={errorMessage(assignments.error)}
          onRetry={() => void assignments.refetch()}
          retrying={assignments.isRefetching}
        />
      ) : today ? (
        <CoordinatorEvents empty="No events of your companies today." />
      ) : (
        <EmptyState>You coordinate no drive day today.</EmptyState>
      )}
    </>
  );
}

/** The university's placement director: each college's placement figures side by side. */
export function UniversityPage() {
  return (
    <>
      <PageHeading title={universityMessages.title}>
        Placement across the university&apos;s colleges.
      </PageHeading>
      <UniversityStatistics />
    </>
  );
}
