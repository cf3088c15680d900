import { toasts } from '@portal/contracts/messages';
import { useStaffProfile } from '../../../features/staff/api/get-staff-profile.ts';
import { AreaShell } from '../area/area-shell.tsx';

/** The spec: a staff fetch failure toasts the message followed by ", in fetching data." */
const describeFailure = (error: Error) => `${error.message}${toasts.fetchFailedSuffix}`;

export function StaffLayout() {
  const profile = useStaffProfile();
  return (
    <AreaShell
      role="college-staff"
      heading="College Staff Dashboard"
      profile={profile}
      describeFailure={describeFailure}
    />
  );
}
