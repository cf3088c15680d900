import { companyFallbacks, notFound } from '@portal/contracts/messages';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { StudentRecord } from '../../../components/ui/student-record.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useStudentProfile } from '../api/get-student-profile.ts';

/** A student's record as a company reads it: no parents' names, nothing editable. */
export function StudentProfile({ id }: { id: string }) {
  const profile = useStudentProfile(id);
  if (profile.isPending) return <LoadingBlock />;
  if (profile.isError) {
    if (isApiError(profile.error) && profile.error.status === 404) {
      return <p className="text-sm text-slate-700">{notFound.student}</p>;
    }
    const message = isApiError(profile.error)
      ? (profile.error.serverMessage ?? companyFallbacks.studentDetails)
      : companyFallbacks.studentDetails;
    return (
      <ErrorBlock message={message} onRetry={() => void profile.refetch()} retrying={profile.isFetching} />
    );
  }
  return <StudentRecord student={profile.data} />;
}
