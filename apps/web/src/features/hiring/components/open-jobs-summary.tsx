import { Link } from 'react-router';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { jobApplicantsHref } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { deadlineDate } from '../../../lib/dates.ts';
import { useOwnJobs } from '../api/get-own-jobs.ts';

/** The dashboard's view of hiring: each open job with its applicants counted per stage. */
export function OpenJobsSummary() {
  const jobs = useOwnJobs();
  if (jobs.isPending) return <LoadingBlock />;
  if (jobs.isError) {
    return (
      <ErrorBlock
        message={errorMessage(jobs.error)}
        onRetry={() => void jobs.refetch()}
        retrying={jobs.isFetching}
      />
    );
  }
  const open = jobs.data.filter((job) => job.status === 'Open');
  if (open.length === 0) return <EmptyState>No open jobs. Post one from Job Posts.</EmptyState>;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {open.map((job) => (
        <Card key={job._id}>
          <h3 className="font-semibold text-slate-900">{job.role}</h3>
          <p className="text-sm text-slate-600">
            Deadline {deadlineDate(job.applicationDeadline)} · {job.applicants}{' '}
            {job.applicants === 1 ? 'applicant' : 'applicants'}
          </p>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            {job.byStage.map(({ stage, count }) => (
              <div key={stage} className="contents">
                <dt className="text-slate-600">{stage}</dt>
                <dd className="text-right font-medium text-slate-900">{count}</dd>
              </div>
            ))}
          </dl>
          <Link
            to={jobApplicantsHref(job._id)}
            className={`${buttonVariants.ghost} mt-3`}
            aria-label={`Applicants of ${job.role}`}
          >
            View applicants
          </Link>
        </Card>
      ))}
    </div>
  );
}
