import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { useCompanyProfile } from '../../../features/companies/api/get-company-profile.ts';
import { CompanyProfileCard } from '../../../features/companies/components/company-profile-card.tsx';
import { PlaceholderPage } from '../area/placeholder-page.tsx';
import { ResetPasswordPage as AreaResetPasswordPage } from '../area/reset-password-page.tsx';

/** The index, dashboard and profile routes; the layout has loaded the record already. */
export function CompanyProfilePage() {
  const { data } = useCompanyProfile();
  if (!data) return null;
  return (
    <>
      <PageHeading title="Profile">Your details and your company.</PageHeading>
      <CompanyProfileCard company={data} />
    </>
  );
}

export const StudentsPage = () => <PlaceholderPage title="Students" />;
export const StudentDetailsPage = () => <PlaceholderPage title="Student Details" />;
export const JobPostsPage = () => <PlaceholderPage title="Job Posts" />;
export const PostJobsPage = () => <PlaceholderPage title="Post Jobs" />;
export const ApplicantsPage = () => <PlaceholderPage title="Applicants" />;
export const ApplicantDetailsPage = () => <PlaceholderPage title="Applicant Details" />;
export const ResetPasswordPage = () => <AreaResetPasswordPage role="company" />;
