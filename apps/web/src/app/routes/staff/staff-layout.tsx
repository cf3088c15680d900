import { toasts } from '@portal/contracts/messages';
import { useStaffProfile } from '../../../features/staff/api/get-staff-profile.ts';
import { AreaShell } from '../area/area-shell.tsx';
import { paths } from '../../../config/paths.ts';
import { useIsDirector } from '../../../features/university/api/is-director.ts';
import { useCoordinatorAssignments } from '../../../features/drive-days/api/room-board.ts';
import { universityMessages } from '@portal/contracts/university';

/** The spec: a staff fetch failure toasts the message followed by ", in fetching data." */
const describeFailure = (error: Error) => `${error.message}${toasts.fetchFailedSuffix}`;

export function StaffLayout() {
  const profile = useStaffProfile();
  // The university's placement director reaches every college's figures from the menu.
  const director = useIsDirector().data === true;
  // A staff member coordinating today's drive day reaches its door from the menu (staff scan
  // any event of the college on its page; the door lists just their companies' of today).
  const coordinatesToday = (useCoordinatorAssignments().data ?? []).some((a) => a.today);
  return (
    <AreaShell
      role="college-staff"
      heading="College Staff Dashboard"
      profile={profile}
      describeFailure={describeFailure}
      extraItems={[
        ...(director ? [{ label: universityMessages.title, to: paths.staff.university }] : []),
        ...(coordinatesToday ? [{ label: 'At the door', to: paths.staff.coordinator }] : []),
      ]}
    />
  );
}
