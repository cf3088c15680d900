import { useParams } from 'react-router';
import { JobDetails } from '../../../features/jobs/components/job-details.tsx';

/** `/student/jobs/:id`: one job, with Apply's review or the student's application to it. */
export function JobPage() {
  const { id = '' } = useParams();
  // Keyed by id: another job's page never shows this one's dialogs or state.
  return <JobDetails key={id} jobId={id} />;
}
