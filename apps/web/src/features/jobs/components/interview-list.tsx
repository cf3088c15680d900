import { needsSchedule, type StudentApplication } from '@portal/contracts/applications';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useStudentApplications } from '../api/get-student-applications.ts';
import { localDateTime } from '../../../lib/dates.ts';
import { StageBadge } from '../../../components/ui/stage-badge.tsx';

/** Soonest first; those without a schedule yet go last. */
const bySchedule = (a: StudentApplication, b: StudentApplication) => {
  if (a.schedule === null) return b.schedule === null ? 0 : 1;
  if (b.schedule === null) return -1;
  return Date.parse(a.schedule.at) - Date.parse(b.schedule.at);
};

/** Applications at an assessment or interview stage, with when and where. */
export function InterviewList() {
  const applications = useStudentApplications();

  if (applications.isPending) return <LoadingBlock />;
  if (applications.isError) {
    return (
      <ErrorBlock
        message={errorMessage(applications.error)}
        onRetry={() => void applications.refetch()}
        retrying={applications.isRefetching}
      />
    );
  }

  const upcoming = applications.data.filter((a) => needsSchedule(a.stage)).sort(bySchedule);
  if (upcoming.length === 0) return <EmptyState>No interviews or assessments scheduled yet.</EmptyState>;

  return (
    <ul className="space-y-4">
      {upcoming.map((application) => (
        <li key={application._id}>
          <Card>
            <article aria-label={`${application.stage}: ${application.role} at ${application.company}`}>
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <h3 className="font-semibold break-words text-slate-900">{application.role}</h3>
                  <p className="text-sm break-words text-slate-600">{application.company}</p>
                </div>
                <StageBadge stage={application.stage} />
              </div>
              {application.schedule ? (
                <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
                  <div>
                    <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">When</dt>
                    <dd className="mt-0.5 text-slate-900">
                      <time dateTime={application.schedule.at}>{localDateTime(application.schedule.at)}</time>
                    </dd>
                  </div>
                  {application.schedule.place && (
                    <div>
                      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
                        Mode / place
                      </dt>
                      <dd className="mt-0.5 break-words text-slate-900">{application.schedule.place}</dd>
                    </div>
                  )}
                </dl>
              ) : (
                <p className="mt-4 text-sm text-slate-600">Schedule to be announced</p>
              )}
            </article>
          </Card>
        </li>
      ))}
    </ul>
  );
}
