import { jobs as jobMessages, pipeline } from '@portal/contracts/messages';
import type { OwnJob } from '@portal/contracts/jobs';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { jobApplicantsHref } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { datePart, deadlineDate } from '../../../lib/dates.ts';
import { applicantsCsvHref } from '../api/get-applicants.ts';
import { useOwnJobs } from '../api/get-own-jobs.ts';
import { type JobValue, useSaveJob } from '../api/save-job.ts';
import { useSetJobStatus } from '../api/set-job-status.ts';
import { JobForm, type PostableCollege } from './job-form.tsx';

function eligibilitySummary({ eligibility }: OwnJob): string {
  const parts = [
    eligibility.minCgpa !== null ? `CGPA ≥ ${eligibility.minCgpa}` : '',
    eligibility.degrees.length ? eligibility.degrees.join(', ') : '',
    eligibility.years.length ? `batch ${eligibility.years.join(', ')}` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'Open to all students';
}

function JobItem({ job, colleges }: { job: OwnJob; colleges: readonly PostableCollege[] }) {
  const [editing, setEditing] = useState(false);
  const save = useSaveJob();
  const setStatus = useSetJobStatus();
  const nextStatus = job.status === 'Open' ? 'Closed' : 'Open';

  const saveEdit = (value: JobValue) =>
    save.mutateAsync({ id: job._id, value }).then(
      () => {
        toast.success(pipeline.jobUpdated);
        setEditing(false);
        return true;
      },
      // The failure is toasted by the query client.
      () => false,
    );

  const toggle = () =>
    setStatus.mutate(
      { id: job._id, status: nextStatus },
      {
        onSuccess: () =>
          toast.success(nextStatus === 'Open' ? `${job.role} reopened.` : `${job.role} closed.`),
      },
    );

  if (editing) {
    return (
      <Card>
        <h3 className="mb-4 font-semibold text-slate-900">Edit {job.role}</h3>
        <JobForm
          job={job}
          colleges={colleges}
          submitLabel="Save job"
          pending={save.isPending}
          error={save.error}
          onSubmit={saveEdit}
          onCancel={() => setEditing(false)}
        />
      </Card>
    );
  }

  return (
    <Card>
      <article aria-label={job.role} className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h3 className="text-lg font-semibold text-slate-900">{job.role}</h3>
            <p className="text-sm text-slate-600">
              {datePart(job.startDate)} to {deadlineDate(job.applicationDeadline)} · {eligibilitySummary(job)}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {job.type === 'Internship' && <Badge tone="neutral">Internship</Badge>}
            {job.package !== null && <Badge tone="neutral">{job.package} LPA</Badge>}
            <Badge tone={job.status === 'Open' ? 'success' : 'neutral'}>{job.status}</Badge>
          </div>
        </div>
        <p className="text-sm whitespace-pre-line text-slate-700">{job.description}</p>
        <ul className="list-disc pl-5 text-sm text-slate-700">
          {job.qualifications.map((q) => (
            <li key={q}>{q}</li>
          ))}
        </ul>
        <p className="text-sm text-slate-700">
          {job.applicants} {job.applicants === 1 ? 'applicant' : 'applicants'}
          {job.byStage
            .filter((s) => s.count > 0)
            .map((s) => ` · ${s.stage}: ${s.count}`)
            .join('')}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setEditing(true)} aria-label={`Edit ${job.role}`}>
            Edit
          </Button>
          <Button
            variant="secondary"
            onClick={toggle}
            isPending={setStatus.isPending}
            aria-label={`${job.status === 'Open' ? 'Close' : 'Reopen'} ${job.role}`}
          >
            {job.status === 'Open' ? 'Close' : 'Reopen'}
          </Button>
          <Link
            className={buttonVariants.ghost}
            to={jobApplicantsHref(job._id)}
            aria-label={`Applicants of ${job.role}`}
          >
            View applicants
          </Link>
          <a
            className={buttonVariants.ghost}
            href={applicantsCsvHref(job._id)}
            download
            aria-label={`Export applicants of ${job.role} (CSV)`}
          >
            Export applicants (CSV)
          </a>
        </div>
      </article>
    </Card>
  );
}

/**
 * The company's jobs, newest first, each editable and closable. `colleges`: where a job may go, as
 * for a new one; an edit may change the colleges a job is posted to among them.
 */
export function JobList({ colleges = [] }: { colleges?: readonly PostableCollege[] }) {
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
  if (jobs.data.length === 0) return <EmptyState>You have not posted any job yet.</EmptyState>;
  return (
    <div className="space-y-4">
      {jobs.data.map((job) => (
        <JobItem key={job._id} job={job} colleges={colleges} />
      ))}
    </div>
  );
}

/** The new-job form; a posted job appears in the list below it. */
/**
 * The form to post a job. `colleges`: where the company may post it (asked, not refused), given by
 * the page; with more than one the form asks which.
 */
export function NewJobCard({ colleges = [] }: { colleges?: readonly PostableCollege[] }) {
  const save = useSaveJob();
  const post = (value: JobValue) =>
    save.mutateAsync({ value }).then(
      () => {
        toast.success(jobMessages.posted);
        return true;
      },
      // The failure is toasted by the query client.
      () => false,
    );
  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold text-slate-900">Post a new job</h2>
      <JobForm
        submitLabel="Post Job"
        pending={save.isPending}
        error={save.error}
        onSubmit={post}
        colleges={colleges}
      />
    </Card>
  );
}
