import type { ProfilePart } from '@portal/contracts/homes';
import { Link } from 'react-router';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { StageBadge } from '../../../components/ui/stage-badge.tsx';
import { detailHref, paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { shortDateTime } from '../../../lib/dates.ts';
import { lpa } from '../../../lib/lpa.ts';
import { useStudentHome } from '../api/get-student-home.ts';
import { dayInWords, HomeSection, Quiet } from './home-section.tsx';

/** What each missing part asks for, and the page where it is filled in. */
const partLinks: Record<ProfilePart, { label: string; to: string }> = {
  picture: { label: 'Add a profile picture', to: paths.student.profile },
  personal: { label: "Complete your personal details (phone, parents' names)", to: paths.student.profile },
  academic: { label: 'Fill in your academic details', to: paths.student.academicDetails },
  resume: { label: 'Upload your resume', to: paths.student.resume },
  internships: { label: 'Add an internship', to: paths.student.previousInternships },
  projects: { label: 'Add a project', to: paths.student.projects },
};

const linkClass = 'font-medium text-indigo-700 underline-offset-2 hover:underline';

/** The student's day, above their profile: what to finish, answer, attend and apply to. */
export function StudentHome() {
  const home = useStudentHome();
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
  const h = home.data;
  const stagesWithApplications = h.applicationsByStage.filter((s) => s.count > 0);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <HomeSection id="home-profile" title="Your profile">
        <ProgressBar value={h.completeness.percent} label="Profile complete" />
        {h.completeness.missing.length === 0 ? (
          <Quiet>Your profile is complete.</Quiet>
        ) : (
          <ul className="mt-3 space-y-1 text-sm">
            {h.completeness.missing.map((part) => (
              <li key={part}>
                <Link to={partLinks[part].to} className={linkClass}>
                  {partLinks[part].label}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </HomeSection>

      <HomeSection
        id="home-offers"
        title="Offers to answer"
        action={{ to: paths.student.applicationStatus, label: 'Answer on Application Status' }}
      >
        {h.offers.length === 0 ? (
          <Quiet>No offers waiting for your answer.</Quiet>
        ) : (
          <ul className="space-y-2 text-sm">
            {h.offers.map((o) => (
              <li key={o.applicationId} className="break-words">
                <span className="font-medium text-slate-900">
                  {o.jobRole} at {o.companyName}
                </span>{' '}
                · {lpa(o.package)}
                {o.tier && ` · ${o.tier}`} ·{' '}
                <span className="font-medium text-amber-800">decide by {dayInWords(o.decideBy)}</span>
              </li>
            ))}
          </ul>
        )}
      </HomeSection>

      <HomeSection
        id="home-upcoming"
        title="Coming up"
        action={{ to: paths.student.interview, label: 'All interviews' }}
      >
        {h.upcoming.length === 0 ? (
          <Quiet>No assessments or interviews scheduled.</Quiet>
        ) : (
          <ul className="space-y-2 text-sm">
            {h.upcoming.map((u) => (
              <li key={u.applicationId} className="break-words">
                <time dateTime={u.at} className="font-medium text-slate-900">
                  {shortDateTime(u.at)}
                </time>{' '}
                · {u.stage} · {u.jobRole} at {u.companyName}
                {u.place && ` · ${u.place}`}
              </li>
            ))}
          </ul>
        )}
      </HomeSection>

      <HomeSection
        id="home-applications"
        title="Your applications"
        action={{ to: paths.student.applicationStatus, label: 'Application Status' }}
      >
        {h.applications === 0 ? (
          <Quiet>You have not applied to any job yet.</Quiet>
        ) : (
          <ul className="flex flex-wrap gap-2 text-sm" aria-label="Applications by stage">
            {stagesWithApplications.map((s) => (
              <li key={s.stage} className="flex items-center gap-1">
                <StageBadge stage={s.stage} /> <span className="font-medium text-slate-900">{s.count}</span>
              </li>
            ))}
          </ul>
        )}
      </HomeSection>

      <div className="lg:col-span-2">
        <HomeSection
          id="home-new-jobs"
          title="New jobs for you"
          action={{ to: paths.student.jobVacancies, label: 'All Job Vacancies' }}
        >
          {h.newJobs.length === 0 ? (
            <Quiet>No new jobs you can apply to right now.</Quiet>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {h.newJobs.map((j) => (
                <li key={j._id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
                  <span className="min-w-0 break-words">
                    <Link
                      to={detailHref(paths.student.job, j._id)}
                      className="font-medium text-indigo-700 underline-offset-2 hover:underline"
                    >
                      {j.role}
                    </Link>{' '}
                    at {j.companyName}
                    {j.package !== null && ` · ${lpa(j.package)}`} · {j.type}
                  </span>
                  <span className="text-slate-600">closes {dayInWords(j.applicationDeadline)}</span>
                </li>
              ))}
            </ul>
          )}
        </HomeSection>
      </div>
    </div>
  );
}
