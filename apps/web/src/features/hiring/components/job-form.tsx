import {
  jobEdit,
  jobStatuses,
  jobTypes,
  postJobBody,
  splitQualifications,
  workModes,
  type Job,
  type OwnJob,
} from '@portal/contracts/jobs';
import { companyCollegeMessages } from '@portal/contracts/companies';
import { jobs as messages } from '@portal/contracts/messages';
import { targetText } from '@portal/contracts/programmes';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { datePart } from '../../../lib/dates.ts';
import type { JobValue } from '../api/save-job.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { EligibleCount } from './eligible-count.tsx';
import { ProgrammeTargets } from './programme-targets.tsx';
import { commaList } from '../../../lib/comma-list.ts';

/** What the person types: lists are typed as text and split before sending. */
type JobFormValues = {
  role: string;
  description: string;
  qualifications: string;
  startDate: string;
  applicationDeadline: string;
  status: Job['status'];
  minCgpa: string;
  eligibleDegrees: string;
  eligibleYears: string;
  type: Job['type'];
  package: string;
  location: string;
  workMode: Job['workMode'];
  /** The ids of the colleges ticked (checkbox values are text). */
  colleges: string[];
};

/** A college the company may post a job to, and whether it allows the company yet. */
export type PostableCollege = { id: number; name: string; allowed: boolean };

const jobValue = postJobBody.shape.value;

/**
 * What the form sends. A new job goes to the colleges ticked. An edit with the choice shown sends
 * the colleges ticked plus those the job is posted to that the company may no longer choose (a
 * college that suspended it keeps the job, listing it again once it allows the company); an edit
 * without the choice leaves the job's colleges as they are.
 */
function toValue(
  form: JobFormValues,
  edit?: { job: OwnJob; choosing: boolean; colleges: readonly PostableCollege[] },
): JobValue {
  const ticked = form.colleges.map(Number);
  const colleges = !edit
    ? ticked
    : edit.choosing
      ? [...ticked, ...edit.job.colleges.filter((id) => !edit.colleges.some((c) => c.id === id))]
      : undefined;
  return {
    role: form.role,
    description: form.description,
    qualifications: splitQualifications(form.qualifications),
    startDate: form.startDate,
    applicationDeadline: form.applicationDeadline,
    status: form.status,
    minCgpa: form.minCgpa.trim() === '' ? null : Number(form.minCgpa),
    eligibleDegrees: commaList(form.eligibleDegrees),
    eligibleYears: commaList(form.eligibleYears).map(Number),
    type: form.type,
    package: form.package.trim() === '' ? null : Number(form.package),
    location: form.location,
    workMode: form.workMode,
    ...(colleges === undefined ? {} : { colleges }),
  };
}

const fromJob = (job: OwnJob | undefined, colleges: readonly PostableCollege[] = []): JobFormValues => ({
  role: job?.role ?? '',
  description: job?.description ?? '',
  qualifications: job ? job.qualifications.map((q) => `${q}.`).join(' ') : '',
  startDate: job ? datePart(job.startDate) : '',
  applicationDeadline: job ? datePart(job.applicationDeadline) : '',
  status: job?.status ?? 'Open',
  minCgpa: job?.eligibility.minCgpa?.toString() ?? '',
  // The targets as typed (B.Tech, BTECH-CSE, Postgraduate), so saving again keeps them.
  eligibleDegrees: job?.eligibility.programmes.map(targetText).join(', ') ?? '',
  eligibleYears: job?.eligibility.years.join(', ') ?? '',
  type: job?.type ?? 'Full-time',
  package: job?.package?.toString() ?? '',
  location: job?.location ?? '',
  workMode: job?.workMode ?? 'On-site',
  // A new job goes to every college that allows the company, unless it unticks some; an edit
  // starts from the colleges the job is posted to.
  colleges: (job
    ? colleges.filter((c) => job.colleges.includes(c.id))
    : colleges.filter((c) => c.allowed)
  ).map((c) => String(c.id)),
});

/**
 * The job form of the spec (role, description, qualifications, dates, status Open by default) plus
 * the type (Full-time or Internship), the package and optional eligibility. It checks with the contract's own schema, so the messages are the server's.
 */
export function JobForm({
  job,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
  colleges = [],
}: {
  job?: OwnJob;
  /** Where a job may go (for an edit too); the choice shows with more than one. */
  colleges?: readonly PostableCollege[];
  submitLabel: string;
  pending: boolean;
  /** The last send's failure, kept on the form beside its toast. */
  error?: unknown;
  onSubmit: (value: JobValue) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    setValue,
    control,
    formState: { errors },
  } = useForm<JobFormValues>({ defaultValues: fromJob(job, colleges) });
  const [minCgpa, degrees, years, ticked] = useWatch({
    control,
    name: ['minCgpa', 'eligibleDegrees', 'eligibleYears', 'colleges'],
  });

  const choosing = colleges.length > 1;
  const submit = handleSubmit(async (form) => {
    const value = toValue(form, job && { job, choosing, colleges });
    // An edit keeps the job at one at least of the colleges it may choose (a job left only where
    // the company is suspended would list nowhere): the ticked ones are checked, not those kept.
    const checked = (job ? jobEdit : jobValue).safeParse(
      job && choosing ? { ...value, colleges: form.colleges.map(Number) } : value,
    );
    if (!checked.success) {
      const flagged = new Set<string>();
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        // The first problem of a field is the one to show (an empty date is "required", not "invalid").
        if (typeof field === 'string' && field in form && !flagged.has(field)) {
          flagged.add(field);
          // A year that is not a number fails as "expected number"; say what the field wants instead.
          const message =
            field === 'eligibleYears' && issue.code === 'invalid_type' ? messages.year : issue.message;
          setError(field as keyof JobFormValues, { message }, { shouldFocus: true });
        }
      }
      return;
    }
    if ((await onSubmit(value)) && !job) reset(fromJob(undefined, colleges));
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Job Role" error={errors.role?.message} {...register('role')} />
        <SelectField label="Status" {...register('status')}>
          {jobStatuses.map((status) => (
            <option key={status}>{status}</option>
          ))}
        </SelectField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Type" {...register('type')}>
          {jobTypes.map((type) => (
            <option key={type}>{type}</option>
          ))}
        </SelectField>
        <TextField
          label="Package (LPA)"
          inputMode="decimal"
          placeholder="e.g. 12"
          hint="Optional; shown to students, and it sets the job's tier under the placement policy."
          error={errors.package?.message}
          {...register('package')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Location"
          placeholder="e.g. Bengaluru"
          hint="Optional; the city or place of work."
          error={errors.location?.message}
          {...register('location')}
        />
        <SelectField label="Work mode" {...register('workMode')}>
          {workModes.map((mode) => (
            <option key={mode}>{mode}</option>
          ))}
        </SelectField>
      </div>
      <TextAreaField
        label="Job Description"
        error={errors.description?.message}
        {...register('description')}
      />
      <TextAreaField
        label="Qualifications"
        rows={3}
        placeholder="Separate qualifications with a full stop. B.Tech in CSE. Good at SQL."
        hint="Each sentence ending in a full stop becomes one qualification."
        error={errors.qualifications?.message}
        {...register('qualifications')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          type="date"
          label="Applications open"
          hint="The first day students can apply."
          error={errors.startDate?.message}
          {...register('startDate')}
        />
        <TextField
          type="date"
          label="Application deadline"
          error={errors.applicationDeadline?.message}
          {...register('applicationDeadline')}
        />
      </div>
      <fieldset className="space-y-3 rounded-xl border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-800">Eligibility (optional)</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="Minimum CGPA"
            inputMode="decimal"
            placeholder="e.g. 7.5"
            error={errors.minCgpa?.message}
            {...register('minCgpa')}
          />
          <TextField
            label="Allowed degrees"
            placeholder="e.g. B.Tech, BTECH-ECE, Postgraduate"
            hint="Degree levels, degrees (all branches) or programmes, comma-separated; empty means any."
            error={errors.eligibleDegrees?.message}
            {...register('eligibleDegrees')}
          />
          <TextField
            label="Years of passing"
            placeholder="e.g. 2026, 2027"
            hint="Comma-separated; empty means any."
            error={errors.eligibleYears?.message}
            {...register('eligibleYears')}
          />
        </div>
        <ProgrammeTargets
          value={degrees}
          onChange={(text) => setValue('eligibleDegrees', text, { shouldDirty: true })}
        />
        <EligibleCount
          minCgpa={minCgpa}
          degrees={degrees}
          years={years}
          colleges={choosing ? ticked.map(Number) : []}
        />
      </fieldset>
      {choosing ? (
        <fieldset className="space-y-2 rounded-xl border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-800">
            {companyCollegeMessages.collegesLabel}
          </legend>
          <p className="text-sm text-slate-600">{companyCollegeMessages.collegesHint}</p>
          <ul className="grid gap-2 sm:grid-cols-2">
            {colleges.map((college) => (
              <li key={college.id}>
                <label className="flex items-start gap-3 text-sm text-slate-700">
                  <input
                    type="checkbox"
                    value={String(college.id)}
                    className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-indigo-600"
                    {...register('colleges')}
                  />
                  <span>
                    {college.name}
                    {college.allowed ? null : <span className="text-slate-600"> (awaiting approval)</span>}
                  </span>
                </label>
              </li>
            ))}
          </ul>
          {errors.colleges?.message ? (
            <p role="alert" className="text-sm text-red-700">
              {errors.colleges.message}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <FormAlert error={error} />
      <div className="flex flex-wrap justify-end gap-3">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        )}
        <Button type="submit" isPending={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
