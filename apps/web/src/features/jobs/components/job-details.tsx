import type { JobPage } from '@portal/contracts/jobs';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { StageBadge } from '../../../components/ui/stage-badge.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { deadlineInWords, shortDay, zoneNote } from '../../../lib/dates.ts';
import { useJobPage } from '../api/get-job-page.ts';
import { useWithdrawApplication } from '../api/withdraw-application.ts';
import { ApplyReview } from './apply-review.tsx';
import { eligibilityText, placeOf } from './vacancy-list.tsx';

const label = 'text-xs font-medium tracking-wide text-slate-500 uppercase';

/** The student's application to the job: its stage, and Withdraw while the company has not shortlisted it. */
function ApplicationPanel({
  application,
  role,
}: {
  application: NonNullable<JobPage['application']>;
  role: string;
}) {
  const [confirming, setConfirming] = useState(false);
  const withdraw = useWithdrawApplication();
  const onConfirm = () =>
    withdraw.mutate(application._id, {
      onSuccess: (message) => toast.success(message),
      onSettled: () => setConfirming(false),
    });
  return (
    <div className="space-y-3">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        You applied on {shortDay(application.appliedAt)}. Stage: <StageBadge stage={application.stage} />
      </p>
      {application.withdrawable && (
        <>
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Withdraw application
          </Button>
          <ConfirmDialog
            open={confirming}
            title="Withdraw this application?"
            confirmLabel="Withdraw"
            onConfirm={onConfirm}
            onCancel={() => setConfirming(false)}
            isPending={withdraw.isPending}
          >
            The company will be told you withdrew your application for {role}. You cannot apply to this job
            again.
          </ConfirmDialog>
        </>
      )}
    </div>
  );
}

/** What the student does here: apply (through the review), read why not, or follow their application. */
function Action({ page, onApply }: { page: JobPage; onApply: () => void }) {
  const { job, application } = page;
  if (application) return <ApplicationPanel application={application} role={job.role} />;
  if (job.notEligibleReason !== null && job.refusal !== 'incomplete') {
    return (
      <div className="space-y-1">
        <Badge tone={job.refusal === 'notEligible' ? 'warning' : 'neutral'}>
          {job.refusal === 'notOpenYet'
            ? 'Not open yet'
            : job.refusal === 'closed'
              ? 'Closed'
              : 'Not eligible'}
        </Badge>
        <p className="text-sm text-slate-700">{job.notEligibleReason}</p>
      </div>
    );
  }
  return (
    <div className="space-y-2">
      {job.refusal === 'incomplete' && <p className="text-sm text-slate-700">{job.notEligibleReason}</p>}
      <Button onClick={onApply} aria-label={`Apply to ${job.role}`}>
        Apply
      </Button>
    </div>
  );
}

function Details({ page }: { page: JobPage }) {
  const [reviewing, setReviewing] = useState(false);
  const { job } = page;
  const limits = [...eligibilityText(job.eligibility)];
  return (
    <div className="space-y-6">
      <Card>
        <p className="text-sm font-medium break-words text-slate-700">{job.companyName}</p>
        <p className="mt-1 text-sm text-slate-600">
          {[job.type, job.package === null ? null : `${job.package} LPA`, `${job.tier} tier`]
            .filter(Boolean)
            .join(' · ')}
        </p>
        <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <dt className={label}>Location and work mode</dt>
            <dd className="mt-0.5 break-words text-slate-900">{placeOf(job)}</dd>
          </div>
          <div>
            <dt className={label}>Deadline</dt>
            <dd className="mt-0.5 text-slate-900">{deadlineInWords(job.applicationDeadline, page.today)}</dd>
          </div>
          <div>
            <dt className={label}>Applications open</dt>
            <dd className="mt-0.5 text-slate-900">{shortDay(job.startDate, page.today)}</dd>
          </div>
          <div>
            <dt className={label}>Eligibility</dt>
            <dd className="mt-0.5 break-words text-slate-900">
              {limits.length > 0 ? limits.join(' · ') : 'Open to every student'}
            </dd>
          </div>
        </dl>
        <p className="mt-3 text-xs text-slate-600">{zoneNote()}</p>
        <div className="mt-5">
          <Action page={page} onApply={() => setReviewing(true)} />
        </div>
      </Card>

      <Card>
        <h3 className="font-semibold text-slate-900">About the role</h3>
        <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-700">{job.description}</p>
        {job.qualifications.length > 0 && (
          <>
            <h4 className="mt-4 text-sm font-semibold text-slate-900">Qualifications</h4>
            <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-slate-700">
              {job.qualifications.map((q) => (
                <li key={q} className="break-words">
                  {q}
                </li>
              ))}
            </ul>
          </>
        )}
      </Card>

      <Card>
        <h3 className="font-semibold text-slate-900">How selection works</h3>
        <ol className="mt-2 list-decimal space-y-0.5 pl-5 text-sm text-slate-700">
          {page.stages.map((stage) => (
            <li key={stage}>{stage}</li>
          ))}
        </ol>
        <p className="mt-2 text-xs text-slate-600">
          The company may skip stages, and may end an application at any of them.
        </p>
      </Card>

      {reviewing && <ApplyReview jobId={job._id} open onClose={() => setReviewing(false)} />}
    </div>
  );
}

/** The job page: everything about one job, with Apply (through the review) or the student's application. */
export function JobDetails({ jobId }: { jobId: string }) {
  const page = useJobPage(jobId);
  if (page.isPending) {
    return (
      <>
        <PageHeading title="Job" />
        <LoadingBlock />
      </>
    );
  }
  if (page.isError) {
    return (
      <div className="space-y-4">
        <PageHeading title="Job" />
        <ErrorBlock
          message={errorMessage(page.error)}
          onRetry={() => void page.refetch()}
          retrying={page.isRefetching}
        />
        <Link to={paths.student.jobVacancies} className={buttonVariants.secondary}>
          Back to Job Vacancies
        </Link>
      </div>
    );
  }
  return (
    <>
      <PageHeading title={page.data.job.role}>
        <Link to={paths.student.jobVacancies} className="text-indigo-700 underline underline-offset-2">
          All job vacancies
        </Link>
      </PageHeading>
      <Details page={page.data} />
    </>
  );
}
