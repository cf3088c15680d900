import { type Stage, stages } from '@portal/contracts/applications';
import { notFound } from '@portal/contracts/messages';
import type { CompanyDetails as Details } from '@portal/contracts/staff';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, DetailList } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadingBlock, RecordError } from '../../../components/ui/query-states.tsx';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { paths } from '../../../config/paths.ts';
import { datePart, deadlineDate, localDateTime } from '../../../lib/dates.ts';
import { useCompanyDetails } from '../api/get-company-details.ts';
import { CompanyNameDecision } from './company-name-decision.tsx';
import { CompanyStatusControl } from './company-status-control.tsx';

type Job = Details['jobList'][number];

/** How many applicants are at each stage, in pipeline order (Rejected last), zeros included. */
function StageCounts({ job }: { job: Job }) {
  const count = (stage: Stage) => job.byStage.find((s) => s.stage === stage)?.count ?? 0;
  return (
    <dl
      aria-label={`Applicants of ${job.role} by stage`}
      className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7"
    >
      {stages.map((stage) => (
        <div key={stage} className="rounded-lg bg-slate-50 px-3 py-2">
          <dt className="text-xs text-slate-500">{stage}</dt>
          <dd className="text-sm font-semibold text-slate-900 tabular-nums">{count(stage)}</dd>
        </div>
      ))}
    </dl>
  );
}

function JobCard({ job }: { job: Job }) {
  const headingId = `job-${job._id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h4 id={headingId} className="font-semibold break-words text-slate-900">
            {job.role}
          </h4>
          <p className="mt-1 text-xs text-slate-500">
            Opens <span className="tabular-nums">{datePart(job.startDate)}</span> · Deadline{' '}
            <span className="tabular-nums">{deadlineDate(job.applicationDeadline)}</span>
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Badge tone={job.status === 'Open' ? 'success' : 'neutral'}>{job.status}</Badge>
          <Badge tone="info">
            {job.applicants} {job.applicants === 1 ? 'applicant' : 'applicants'}
          </Badge>
        </div>
      </div>
      <StageCounts job={job} />
    </article>
  );
}

/** Every decision about the company's account, newest first: what, why, who and when. */
function StatusHistory({ history }: { history: Details['statusHistory'] }) {
  return (
    <section aria-labelledby="status-history-heading">
      <h3 id="status-history-heading" className="mb-4 text-lg font-semibold text-slate-900">
        Status history
      </h3>
      {history.length === 0 ? (
        <EmptyState>The placement cell has not decided on this company yet.</EmptyState>
      ) : (
        <ol aria-label="Status history" className="space-y-3">
          {history.map((change) => (
            <li
              key={`${change.at}-${change.status}`}
              className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <StatusBadge status={change.status} />
                <p className="text-sm text-slate-700">
                  by {change.by} · <time dateTime={change.at}>{localDateTime(change.at)}</time>
                </p>
              </div>
              {change.reason && <p className="mt-2 text-sm break-words text-slate-900">{change.reason}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

const nameEventLabels: Record<Details['nameHistory'][number]['event'], string> = {
  Renamed: 'Renamed',
  Requested: 'New name asked for',
  Withdrawn: 'New name withdrawn',
  Approved: 'New name approved',
  Rejected: 'New name rejected',
};

/** Every change to the company's name, newest first: asked for, withdrawn or decided, by whom and why. */
function NameHistory({ history }: { history: Details['nameHistory'] }) {
  return (
    <section aria-labelledby="name-history-heading">
      <h3 id="name-history-heading" className="mb-4 text-lg font-semibold text-slate-900">
        Name history
      </h3>
      <ol aria-label="Name history" className="space-y-3">
        {history.map((change) => (
          <li
            key={`${change.at}-${change.event}`}
            className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <p className="text-sm font-medium break-words text-slate-900">
              {nameEventLabels[change.event]}: {change.from} → {change.to}
            </p>
            <p className="mt-1 text-sm text-slate-700">
              by {change.by} · <time dateTime={change.at}>{localDateTime(change.at)}</time>
            </p>
            {change.reason && <p className="mt-2 text-sm break-words text-slate-900">{change.reason}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}

function CompanyView({ company }: { company: Details }) {
  return (
    <div className="space-y-6">
      <Card>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="text-lg font-semibold break-words text-slate-900">{company.company}</h3>
            <p className="text-sm text-slate-600">
              {company.jobs} {company.jobs === 1 ? 'job' : 'jobs'} · {company.applicants}{' '}
              {company.applicants === 1 ? 'applicant' : 'applicants'}
            </p>
          </div>
          <StatusBadge status={company.role} />
        </div>
        <div className="mt-5 border-t border-slate-100 pt-5">
          <DetailList
            details={[
              { label: 'Recruiter', value: company.recruiterName },
              { label: 'Email', value: company.emailID },
              { label: 'Phone', value: company.phone },
              { label: 'Signed up', value: datePart(company.signedUpAt) },
              ...(company.statusReason
                ? [{ label: 'Reason for the status', value: company.statusReason }]
                : []),
            ]}
          />
        </div>
        {company.pendingName !== null && (
          <CompanyNameDecision
            id={company._id}
            company={company.company}
            pendingName={company.pendingName}
            pendingNameAt={company.pendingNameAt}
            approvedHere={company.nameApprovedHere}
          />
        )}
        <div className="mt-5 flex justify-end border-t border-slate-100 pt-5">
          <CompanyStatusControl id={company._id} company={company.company} status={company.role} />
        </div>
      </Card>
      <StatusHistory history={company.statusHistory} />
      {company.nameHistory.length > 0 && <NameHistory history={company.nameHistory} />}
      <section aria-labelledby="jobs-heading">
        <h3 id="jobs-heading" className="mb-4 text-lg font-semibold text-slate-900">
          Jobs
        </h3>
        {company.jobList.length === 0 ? (
          <EmptyState>This company has not posted any job yet.</EmptyState>
        ) : (
          <ul className="space-y-4">
            {company.jobList.map((job) => (
              <li key={job._id}>
                <JobCard job={job} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** One company for staff: who they are, their status control and each job's applicants by stage. */
export function CompanyDetails({ id }: { id: string }) {
  const details = useCompanyDetails(id);

  if (details.isPending) return <LoadingBlock />;
  if (details.isError) {
    return (
      <RecordError
        query={details}
        notFound={notFound.company}
        back={{ to: paths.staff.companies, label: 'Back to the companies' }}
      />
    );
  }
  return <CompanyView company={details.data} />;
}
