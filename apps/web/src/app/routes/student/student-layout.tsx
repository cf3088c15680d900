import { useStudentProfile } from '../../../features/students/api/get-student-profile.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { AreaShell } from '../area/area-shell.tsx';

export function StudentLayout() {
  const profile = useStudentProfile();
  return (
    <AreaShell role="student" heading="Student Dashboard" profile={profile} describeFailure={errorMessage} />
  );
}
