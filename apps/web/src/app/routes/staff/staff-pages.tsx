import { toasts } from '@portal/contracts/messages';
import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { toast } from 'react-toastify';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { paths } from '../../../config/paths.ts';
import { useStaffProfile } from '../../../features/staff/api/get-staff-profile.ts';
import { StaffProfileCard } from '../../../features/staff/components/staff-profile-card.tsx';
import { PlaceholderPage } from '../area/placeholder-page.tsx';
import { ResetPasswordPage as AreaResetPasswordPage } from '../area/reset-password-page.tsx';

/** The index, dashboard and profile routes; the layout has loaded the record already. */
export function StaffProfilePage() {
  const { data } = useStaffProfile();
  if (!data) return null;
  return (
    <>
      <PageHeading title="Profile">Your personal details.</PageHeading>
      <StaffProfileCard staff={data} />
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

export const StudentsPage = () => <PlaceholderPage title="Students" />;
export const StudentDetailsPage = () => <PlaceholderPage title="Student Details" />;
export const CompaniesPage = () => <PlaceholderPage title="Companies" />;
export const CompanyDetailsPage = () => <PlaceholderPage title="Company Details" />;
export const ResetPasswordPage = () => <AreaResetPasswordPage role="college-staff" />;
