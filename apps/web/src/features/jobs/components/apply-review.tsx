import { type ProfilePart, profilePartLabels } from '@portal/contracts/applications';
import type { JobPage } from '@portal/contracts/jobs';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useApplyToJob } from '../api/apply-to-job.ts';
import { useJobPage } from '../api/get-job-page.ts';

/** Where each missing part is added. */
const fixAt: Record<ProfilePart, string> = {
  rollNumber: paths.student.academicDetails,
  cgpa: paths.student.academicDetails,
  degree: paths.student.academicDetails,
  resume: paths.student.resume,
};

const linkClass = 'font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900';

/** What the recruiter will read: the record as the company sees it, and the resume it will open. */
function ReviewBody({ page }: { page: JobPage }) {
  const { personalDetail: p, educationalDetails: e, resume } = page.record;
  const rows: [string, string][] = [
    ['Name', `${p.firstName} ${p.lastName}`],
    ['Email', p.emailID],
    ['Phone', p.phone],
    ['Roll number', e.rollNumber === null ? '' : String(e.rollNumber)],
    ['Degrees', e.degrees.join(', ')],
    ['CGPA', e.cgpa === null ? '' : String(e.cgpa)],
    ['Year of passing', e.yearOfPassing === null ? '' : String(e.yearOfPassing)],
  ];
  return (
    <div className="space-y-4">
      <p>
        {page.job.companyName} will see your record as below for {page.job.role}.
      </p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-500">{label}</dt>
            <dd className="break-words text-slate-900">{value || 'Not provided'}</dd>
          </div>
        ))}
        <dt className="text-slate-500">Resume</dt>
        <dd className="text-slate-900">
          {resume ? (
            <a href={resume} target="_blank" rel="noreferrer" className={linkClass}>
              View the resume you will send<span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : (
            'Not provided'
          )}
        </dd>
      </dl>
      {page.missing.length > 0 && (
        <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-amber-950">
          <p className="font-medium">Add these to your profile before applying:</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {page.missing.map((part) => (
              <li key={part}>
                <Link to={fixAt[part]} className={linkClass}>
                  Add your {profilePartLabels[part]}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      {page.job.notEligibleReason !== null && page.job.refusal !== 'incomplete' && (
        <p role="alert" className="text-red-700">
          {page.job.notEligibleReason}
        </p>
      )}
    </div>
  );
}

/**
 * Apply's review: what the recruiter will see (the student's record and resume) and what of the
 * profile is missing, with links to add it; "Submit application" sends it, and stays disabled while
 * the server would refuse (a missing part, or another reason it gives).
 */
export function ApplyReview({ jobId, open, onClose }: { jobId: string; open: boolean; onClose: () => void }) {
  const page = useJobPage(jobId, { enabled: open });
  const apply = useApplyToJob();
  const ready = page.data !== undefined && page.data.job.notEligibleReason === null && !page.data.job.applied;

  const submit = () =>
    apply.mutate(jobId, {
      onSuccess: (message) => {
        toast.success(message);
        onClose();
      },
    });

  return (
    <ConfirmDialog
      open={open}
      title="Review your application"
      confirmLabel="Submit application"
      onConfirm={submit}
      onCancel={onClose}
      isPending={apply.isPending}
      confirmDisabled={!ready}
    >
      {page.isPending ? (
        <LoadingBlock />
      ) : page.isError ? (
        <ErrorBlock
          message={errorMessage(page.error)}
          onRetry={() => void page.refetch()}
          retrying={page.isRefetching}
        />
      ) : (
        <ReviewBody page={page.data} />
      )}
      {/* The refusal is toasted too; it stays here while the review is open. */}
      {apply.isError && (
        <p role="alert" className="mt-3 text-red-700">
          {errorMessage(apply.error)}
        </p>
      )}
    </ConfirmDialog>
  );
}
