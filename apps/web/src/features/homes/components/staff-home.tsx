import { Link } from 'react-router';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { StageBadge } from '../../../components/ui/stage-badge.tsx';
import { detailHref, paths, staffCompaniesHref } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { shortDateTime } from '../../../lib/dates.ts';
import { useStaffHome } from '../api/get-staff-home.ts';
import { HomeSection, Quiet } from './home-section.tsx';

const linkClass = 'font-medium text-indigo-700 underline-offset-2 hover:underline';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Staff's day, above their own details: what waits for them, today's interviews, the season. */
export function StaffHome() {
  const home = useStaffHome();
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
  const { approvals, today, figures, activity } = home.data;
  const rate = figures.students === 0 ? 0 : Math.round((100 * figures.placed) / figures.students);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <HomeSection id="home-approvals" title="Waiting for you">
        <ul className="space-y-1 text-sm">
          <li>
            <Link to={staffCompaniesHref('Pending')} className={linkClass}>
              {plural(approvals.companiesWaiting, 'company awaits', 'companies await')} approval
            </Link>
            {approvals.companies.length > 0 && (
              <ul className="mt-1 ml-4 list-disc text-slate-700">
                {approvals.companies.map((c) => (
                  <li key={c._id} className="break-words">
                    <Link to={detailHref(paths.staff.companyDetails, c._id)} className={linkClass}>
                      {c.name}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </li>
          <li>
            <Link to={paths.staff.companies} className={linkClass}>
              {plural(approvals.nameChangesWaiting, 'company name change', 'company name changes')} to decide
            </Link>
          </li>
          <li>
            <Link to={paths.staff.verification} className={linkClass}>
              {plural(approvals.changeRequestsWaiting, 'academic change request', 'academic change requests')}{' '}
              to decide
            </Link>
          </li>
        </ul>
      </HomeSection>

      <HomeSection id="home-figures" title="This season">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
          {[
            ['Students', figures.students],
            ['Placed', `${figures.placed} (${rate}%)`],
            ['Open jobs', figures.openJobs],
            ['Applications', figures.applications],
            ['Offers made', figures.offersMade],
            ['Offers accepted', figures.offersAccepted],
            ['Offers awaiting an answer', figures.offersWaiting],
          ].map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-xs font-medium text-slate-600">{label}</dt>
              <dd className="text-lg font-semibold text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
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
                <Link to={detailHref(paths.staff.studentDetails, item.studentId)} className={linkClass}>
                  {item.studentName}
                </Link>{' '}
                · {item.stage} · {item.jobRole} at {item.companyName}
                {item.place && ` · ${item.place}`}
              </li>
            ))}
          </ul>
        )}
      </HomeSection>

      <HomeSection id="home-activity" title="Recent activity">
        {activity.length === 0 ? (
          <Quiet>Nothing has happened yet this season.</Quiet>
        ) : (
          <ul className="space-y-2 text-sm">
            {activity.map((a, i) => (
              <li key={`${a.at}-${i}`} className="break-words">
                <Link to={detailHref(paths.staff.studentDetails, a.studentId)} className={linkClass}>
                  {a.studentName}
                </Link>{' '}
                <StageBadge stage={a.stage} /> {a.jobRole} at {a.companyName}{' '}
                <span className="text-slate-600">
                  ({a.actorName}, <time dateTime={a.at}>{shortDateTime(a.at)}</time>)
                </span>
              </li>
            ))}
          </ul>
        )}
      </HomeSection>
    </div>
  );
}
