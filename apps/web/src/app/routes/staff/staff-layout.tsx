import { toasts } from '@portal/contracts/messages';
import { useStaffProfile } from '../../../features/staff/api/get-staff-profile.ts';
import { AreaShell } from '../area/area-shell.tsx';
import { paths } from '../../../config/paths.ts';
import { useIsDirector } from '../../../features/university/api/is-director.ts';
import { universityMessages } from '@portal/contracts/university';

/** The spec: a staff fetch failure toasts the message followed by ", in fetching data." */
const describeFailure = (error: Error) => `${error.message}${toasts.fetchFailedSuffix}`;

export function StaffLayout() {
  const profile = useStaffProfile();
  // The university's placement director reaches every college's figures from the menu.
  const director = useIsDirector().data === true;
  return (
    <AreaShell
      role="college-staff"
      heading="College Staff Dashboard"
      profile={profile}
      describeFailure={describeFailure}
      extraItems={director ? [{ label: universityMessages.title, to: paths.staff.university }] : []}
    />
  );
}
