import { Link } from 'react-router';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { paths } from '../../../config/paths.ts';
import { ApplicationList } from '../../../features/jobs/components/application-list.tsx';
import { StudentDriveDays, YouAreNext } from '../../../features/drive-days/components/student-drive-days.tsx';
import { RoomBoardView } from '../../../features/drive-days/components/room-board.tsx';
import {
  CoordinatorDays,
  CoordinatorToday,
} from '../../../features/drive-days/components/coordinator-days.tsx';
import { useCoordinatorAssignments } from '../../../features/drive-days/api/room-board.ts';
import { CoordinatorEvents } from '../../../features/events/components/coordinator-events.tsx';
import { StudentEvents } from '../../../features/events/components/student-events.tsx';
import { InterviewList } from '../../../features/jobs/components/interview-list.tsx';
import { RecordViewsCard } from '../../../features/record-views/components/record-views-card.tsx';
import { CalendarFeedCard } from '../../../features/calendar-feed/components/calendar-feed-card.tsx';
import { DebarmentNotice } from '../../../features/students/components/debarment-notice.tsx';
import { EmailChangeCard } from '../../../features/students/components/email-change-card.tsx';
import { AcademicDetailsForm } from '../../../features/students/components/academic-details-form.tsx';
import { InternshipsSection } from '../../../features/students/components/internships-section.tsx';
import { PersonalDetailsForm } from '../../../features/students/components/personal-details-form.tsx';
import { DownloadMyData } from '../../../features/own-data/components/download-my-data.tsx';
import { ProfilePictureCard } from '../../../features/students/components/profile-picture-card.tsx';
import { ProjectsSection } from '../../../features/students/components/projects-section.tsx';
import { ResumeSection } from '../../../features/students/components/resume-section.tsx';
import { StudentEmailSettings } from '../../../features/students/components/student-email-settings.tsx';
import { ResetPasswordPage as AreaResetPasswordPage } from '../area/reset-password-page.tsx';
import { WithStudent } from './with-student.tsx';
import { StudentHome } from '../../../features/homes/components/student-home.tsx';

/**
 * The index, dashboard and profile routes (one page, as the spec has it): the student's day, then
 * their profile.
 */
export function StudentProfilePage() {
  return (
    <>
      <PageHeading title="Dashboard">
        Your day at a glance: what to finish, answer, attend and apply to.
      </PageHeading>
      <YouAreNext />
      <CoordinatorToday boardHref={paths.student.coordinator} />
      <div className="mb-10">
        <StudentHome />
      </div>
      <PageHeading title="Profile">Your personal details as the college and companies see them.</PageHeading>
      <WithStudent>
        {(student) => (
          <div className="space-y-6">
            <DebarmentNotice debarment={student.debarment} />
            <EmailChangeCard />
            <ProfilePictureCard student={student} />
            {/* Keyed by id so another account's record never shows in a stale form. */}
            <PersonalDetailsForm key={student._id} student={student} />
            <StudentEmailSettings />
            <CalendarFeedCard role="student" />
            <RecordViewsCard of="me" />
            <DownloadMyData />
          </div>
        )}
      </WithStudent>
    </>
  );
}

export function AcademicDetailsPage() {
  return (
    <>
      <PageHeading title="Academic Details">Your roll number, degrees, college and results.</PageHeading>
      <WithStudent>{(student) => <AcademicDetailsForm key={student._id} student={student} />}</WithStudent>
    </>
  );
}

export function ResumePage() {
  return (
    <>
      <PageHeading title="Resume">The resume companies see when they look at your profile.</PageHeading>
      <WithStudent>{(student) => <ResumeSection student={student} />}</WithStudent>
    </>
  );
}

export function PreviousInternshipsPage() {
  return (
    <>
      <PageHeading title="Previous Internships">
        Internships you have done, as companies see them on your profile.
      </PageHeading>
      <WithStudent>{(student) => <InternshipsSection student={student} />}</WithStudent>
    </>
  );
}

export function ProjectsPage() {
  return (
    <>
      <PageHeading title="Projects">Projects you have built, with a link to each.</PageHeading>
      <WithStudent>{(student) => <ProjectsSection student={student} />}</WithStudent>
    </>
  );
}

export function ApplicationStatusPage() {
  return (
    <>
      <PageHeading title="Application Status">Where each of your applications stands.</PageHeading>
      <ApplicationList
        emptyAction={
          <Link to={paths.student.jobVacancies} className={buttonVariants.primary}>
            Browse Job Vacancies
          </Link>
        }
      />
    </>
  );
}

/** The student's drive days: their interviews, ranking before the cut-off, booking, and any penalty. */
export function DriveDaysPage() {
  return (
    <>
      <PageHeading title="My Interviews">
        Your drive-day interviews, and your ranking of the companies.
      </PageHeading>
      <YouAreNext />
      <StudentDriveDays />
    </>
  );
}

export function InterviewPage() {
  return (
    <>
      <PageHeading title="Interview">Your upcoming assessments and interviews.</PageHeading>
      <InterviewList />
    </>
  );
}

export const ResetPasswordPage = () => <AreaResetPasswordPage role="student" />;

/** The room board of the drive days the student coordinates (a volunteer's page). */
export function CoordinatorPage() {
  // The door's events are asked for only by a coordinator of today's day (the list is theirs alone).
  const today = (useCoordinatorAssignments().data ?? []).some((a) => a.today);
  return (
    <>
      <PageHeading title="Room Board">
        The panels you coordinate: check students in, call them in, check them out, mark no-shows.
      </PageHeading>
      <CoordinatorDays>{(id) => <RoomBoardView viewer="coordinator" id={id} />}</CoordinatorDays>
      {today && <CoordinatorEvents />}
    </>
  );
}

/** Talks, tests and group discussions open to the student: register, and show the code at the door. */
export function EventsPage() {
  return (
    <>
      <PageHeading title="Events">
        Pre-placement talks, tests and group discussions you may attend. Show your code at the door.
      </PageHeading>
      <StudentEvents />
    </>
  );
}
