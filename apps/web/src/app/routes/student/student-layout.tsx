import { paths } from '../../../config/paths.ts';
import { useCoordinatorAssignments } from '../../../features/drive-days/api/room-board.ts';
import { useStudentProfile } from '../../../features/students/api/get-student-profile.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { AreaShell } from '../area/area-shell.tsx';

export function StudentLayout() {
  const profile = useStudentProfile();
  // A student volunteer coordinating a drive day today reaches its room board from the menu.
  const assignments = useCoordinatorAssignments();
  const coordinatesToday = (assignments.data ?? []).some((a) => a.today);
  return (
    <AreaShell
      role="student"
      heading="Student Dashboard"
      profile={profile}
      describeFailure={errorMessage}
      extraItems={coordinatesToday ? [{ label: 'Room Board', to: paths.student.coordinator }] : []}
    />
  );
}
