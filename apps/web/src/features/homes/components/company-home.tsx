import { approval } from '@portal/contracts/messages';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { detailHref, jobApplicantsHref, paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { shortDateTime } from '../../../lib/dates.ts';
import { useCompanyHome } from '../api/get-company-home.ts';
import { dayInWords, HomeSection, Quiet } from './home-section.tsx';

const linkClass = 'font-medium text-indigo-700 underline-offset-2 hover:underline';

/** The company's home: what awaits it, today's interviews, and its jobs with applicants per stage. */
export function CompanyHome() {
  const home = useCompanyHome();
  if (home.isPending) return <LoadingBlock />;
  if (home.isError) {
    return (
      <ErrorBlock
        message={errorMessage(home.error)}
        onRetry={() => void home.refetch()}
        retrying={home.isFetching}
      />
    );
  }
  const { status, jobs, today, awaiting } = home.data;
  return (
    <div className="space-y-6">
      {status === 'Pending' && <EmptyState>{approval.awaiting}</EmptyState>}
      <div className="grid gap-6 lg:grid-cols-2">
        <HomeSection id="home-awaiting" title="Waiting for you">
          <ul className="space-y-1 text-sm">
            <li>
              <Link to={paths.company.applicants} className={linkClass}>
                {awaiting.newApplicants} new {awaiting.newApplicants === 1 ? 'applicant' : 'applicants'} to
                review
              </Link>
            </li>
            <li>
              {awaiting.offersWaiting} {awaiting.offersWaiting === 1 ? 'offer' : 'offers'} awaiting the
              student&apos;s answer
            </li>
          </ul>
        </HomeSection>

        <HomeSection id="home-today" title="Today's interviews">
          {today.length === 0 ? (
            <Quiet>No assessments or interviews scheduled today.</Quiet>
          ) : (
            <ul className="space-y-2 text-sm">
              {today.map((item) => (
                <li key={item.applicationId} className="break-words">
                  <time dateTime={item.at} className="font-medium text-slate-900">
                    {shortDateTime(item.at)}
                  </time>{' '}
                  ·{' '}
                  <Link
                    to={detailHref(paths.company.applicantDetails, item.applicationId)}
                    className={linkClass}
                  >
                    {item.studentName}
                  </Link>{' '}
                  · {item.stage} · {item.jobRole}
                  {item.place && ` · ${item.place}`}
                </li>
              ))}
            </ul>
          )}
        </HomeSection>
      </div>

      <HomeSection
        id="home-jobs"
        title="Your jobs"
        action={{ to: paths.company.jobposts, label: 'Job Posts' }}
      >
        {jobs.length === 0 ? (
          <Quiet>No jobs yet. Post one from Job Posts.</Quiet>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {jobs.map((job) => (
              <li key={job._id} className="min-w-0 rounded-xl border border-slate-200 p-4">
                <h4 className="font-semibold break-words text-slate-900">{job.role}</h4>
                <p className="text-sm text-slate-600">
                  {job.status} · closes {dayInWords(job.applicationDeadline)} · {job.applicants}{' '}
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
                  className={`${linkClass} mt-3 inline-block text-sm`}
                  aria-label={`View applicants of ${job.role}`}
                >
                  View applicants
                </Link>
              </li>
            ))}
          </ul>
        )}
      </HomeSection>
    </div>
  );
}
