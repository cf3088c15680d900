import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { useStudentProfile } from '../../../features/students/api/get-student-profile.ts';
import { StudentProfileCard } from '../../../features/students/components/student-profile-card.tsx';
import { PlaceholderPage } from '../area/placeholder-page.tsx';

/** The index, dashboard and profile routes; the layout has loaded the record already. */
export function StudentProfilePage() {
  const { data } = useStudentProfile();
  if (!data) return null;
  return (
    <>
      <PageHeading title="Profile">Your personal details as the college and companies see them.</PageHeading>
      <StudentProfileCard student={data} />
    </>
  );
}

export const AcademicDetailsPage = () => <PlaceholderPage title="Academic Details" />;
export const ResumePage = () => <PlaceholderPage title="Resume" />;
export const PreviousInternshipsPage = () => <PlaceholderPage title="Previous Internships" />;
export const ProjectsPage = () => <PlaceholderPage title="Projects" />;
export const JobVacanciesPage = () => <PlaceholderPage title="Job Vacancies" />;
export const ApplicationStatusPage = () => <PlaceholderPage title="Application Status" />;
export const InterviewPage = () => <PlaceholderPage title="Interview" />;
export const ResetPasswordPage = () => <PlaceholderPage title="Reset Password" />;
