import { zodResolver } from '@hookform/resolvers/zod';
import { allowedMoves, needsPackage, needsSchedule, type Stage } from '@portal/contracts/applications';
import { offers, pipeline } from '@portal/contracts/messages';
import { MIN_DECISION_DAYS } from '@portal/contracts/offers';
import {
  type ApplicantDetails,
  type EligibilitySnapshot,
  type MoveStage,
  moveStageBody,
} from '@portal/contracts/pipeline';
import { type FieldErrors, type UseFormRegister, useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Card, DetailList } from '../../../components/ui/card.tsx';
import { historyLabel, OfferPanel } from '../../../components/ui/offer-panel.tsx';
import { ReasonForm } from '../../../components/ui/reason-form.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { StageBadge } from '../../../components/ui/stage-badge.tsx';
import { StudentRecord } from '../../../components/ui/student-record.tsx';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import {
  addDays,
  datePart,
  fromDateTimeLocal,
  getDisplayTimeZone,
  localDate,
  localDateTime,
  toDateTimeLocal,
} from '../../../lib/dates.ts';
import { lpa } from '../../../lib/lpa.ts';
import { useApplicantDetails } from '../api/get-applicant-details.ts';
import { useMoveApplication } from '../api/move-application.ts';
import { useWithdrawOffer } from '../api/withdraw-offer.ts';

/** "CGPA 8.2 (verified) · B.Tech · 2026": the facts eligibility was decided on when the student applied. */
function snapshotSummary(s: EligibilitySnapshot): string {
  const cgpa = s.cgpa === null ? 'CGPA not given' : `CGPA ${s.cgpa}`;
  return [
    `${cgpa} (${s.verified ? 'verified' : 'not verified'})`,
    s.degrees.join(', '),
    s.yearOfPassing === null ? '' : String(s.yearOfPassing),
  ]
    .filter((part) => part !== '')
    .join(' · ');
}

type ScheduleInput = { at: string; place: string };

/** What the company types: the move's fields as text, turned into the contract's body to check and send. */
type MoveFormValues = {
  stage: Stage | '';
  schedule: ScheduleInput;
  packageOffered: string;
  decideBy: string;
};

const blankMove: MoveFormValues = {
  stage: '',
  schedule: { at: '', place: '' },
  packageOffered: '',
  decideBy: '',
};

/**
 * The body the form stands for. A schedule goes only with a stage that takes one, and only when
 * something was typed unless it is `required` (a reschedule); the datetime-local value travels as
 * an ISO instant. The package and decide-by date go only with an offer.
 */
function toBody(form: MoveFormValues, scheduleRequired: boolean): MoveStage {
  // Move stays disabled until a stage is chosen; the contract's enum refuses an empty one anyway.
  const stage = form.stage as Stage;
  const { at, place } = form.schedule;
  const typed = at !== '' || place.trim() !== '';
  const offer = needsPackage(stage);
  return {
    stage,
    ...(needsSchedule(stage) && (typed || scheduleRequired)
      ? { schedule: { at: fromDateTimeLocal(at) ?? at, place } }
      : {}),
    ...(offer && form.packageOffered.trim() !== '' ? { packageOffered: Number(form.packageOffered) } : {}),
    // Empty: the placement policy's decision window applies.
    ...(offer && form.decideBy !== '' ? { decideBy: form.decideBy } : {}),
  };
}

/**
 * The form checked with the contract's own `moveStageBody`, so its messages are the server's, plus
 * the two rules the server applies after the schema: an offer needs its package (`needsPackage`),
 * and its decide-by date is at least MIN_DECISION_DAYS ahead (the server checks that date again).
 */
const moveForm = (scheduleRequired: boolean) =>
  z
    .custom<MoveFormValues>()
    .transform((form) => toBody(form, scheduleRequired))
    .pipe(moveStageBody)
    .superRefine((body, ctx) => {
      if (needsPackage(body.stage) && body.packageOffered === undefined) {
        ctx.addIssue({ code: 'custom', path: ['packageOffered'], message: pipeline.packageRequired });
      }
      if (body.decideBy !== undefined && body.decideBy < addDays(localDate(), MIN_DECISION_DAYS)) {
        ctx.addIssue({ code: 'custom', path: ['decideBy'], message: offers.decideBy });
      }
    });
const moveSchema = moveForm(false);
const rescheduleSchema = moveForm(true);

/**
 * When and where. The reschedule form's labels differ from the move form's, and neither contains
 * the other, so each field is found by its own label even when both forms are on screen.
 */
function ScheduleFields({
  register,
  errors,
  labels = { at: 'Date and time', place: 'Mode or place' },
}: {
  register: UseFormRegister<MoveFormValues>;
  errors: FieldErrors<MoveFormValues>['schedule'];
  labels?: { at: string; place: string };
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        type="datetime-local"
        label={labels.at}
        hint={`In ${getDisplayTimeZone()} time.`}
        error={errors?.at?.message}
        {...register('schedule.at')}
      />
      <TextField
        label={labels.place}
        placeholder="e.g. Online, Room 204"
        maxLength={200}
        error={errors?.place?.message}
        {...register('schedule.place')}
      />
    </div>
  );
}

/**
 * Moves the application on: only to a stage the contract allows from here (`allowedMoves`), with a
 * schedule for an assessment or interview and the package for an offer. At a scheduled stage the
 * schedule can be changed without moving. Remounted (by key) whenever the application changes,
 * which resets it.
 */
function MoveControl({ application }: { application: ApplicantDetails }) {
  const options = allowedMoves(application.stage);
  const offerRefusal = application.placed?.offerRefusal ?? null;
  const earliestDecideBy = addDays(localDate(), MIN_DECISION_DAYS);
  const move = useMoveApplication({ onSuccess: (message) => toast.success(message) });
  const {
    register,
    handleSubmit,
    control,
    clearErrors,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(moveSchema),
    defaultValues: blankMove,
  });
  const reschedule = useForm({
    resolver: zodResolver(rescheduleSchema),
    defaultValues: {
      ...blankMove,
      stage: application.stage,
      schedule: {
        at: application.schedule ? toDateTimeLocal(application.schedule.at) : '',
        place: application.schedule?.place ?? '',
      },
    },
  });
  const target = useWatch({ control, name: 'stage' });

  const send = (body: MoveStage) => move.mutate({ id: application._id, move: body });

  if (options.length === 0) {
    return (
      <p className="text-sm text-slate-700">
        This application is final at {application.stage}; it cannot move any further.
      </p>
    );
  }

  return (
    <div className="space-y-8">
      <form noValidate onSubmit={handleSubmit(send)} className="space-y-4" aria-label="Move application">
        <SelectField label="Move to" {...register('stage', { onChange: () => clearErrors() })}>
          <option value="">Choose the next stage</option>
          {options.map((stage) => (
            // The placement policy's refusal of an offer, the same rule the server applies to it.
            <option key={stage} value={stage} disabled={needsPackage(stage) && offerRefusal !== null}>
              {needsPackage(stage) && offerRefusal !== null
                ? `${stage} (not allowed by the placement policy)`
                : stage}
            </option>
          ))}
        </SelectField>
        {offerRefusal !== null && options.some(needsPackage) && (
          <p className="text-sm text-slate-700">Offer Letter: {offerRefusal}</p>
        )}
        {target && needsSchedule(target) && (
          <>
            <ScheduleFields register={register} errors={errors.schedule} />
            <p className="text-xs text-slate-500">
              Optional: leave both empty to schedule it later. The student sees the schedule on their
              Interview page.
            </p>
          </>
        )}
        {target && needsPackage(target) && (
          <TextField
            label="Package offered (LPA)"
            inputMode="decimal"
            placeholder="e.g. 12.5"
            required
            error={errors.packageOffered?.message}
            {...register('packageOffered')}
          />
        )}
        {target && needsPackage(target) && (
          <TextField
            type="date"
            label="Decide by (optional)"
            min={earliestDecideBy}
            hint={`At least ${MIN_DECISION_DAYS} days ahead. Left empty, the placement policy's decision window applies.`}
            error={errors.decideBy?.message}
            {...register('decideBy')}
          />
        )}
        <Button type="submit" disabled={!target} isPending={move.isPending}>
          Move
        </Button>
      </form>
      {needsSchedule(application.stage) && (
        <form
          noValidate
          onSubmit={reschedule.handleSubmit(send)}
          className="space-y-4"
          aria-label="Reschedule"
        >
          <h3 className="text-sm font-semibold text-slate-900">
            {application.schedule ? 'Reschedule' : 'Schedule'} the {application.stage}
          </h3>
          <ScheduleFields
            labels={{ at: 'Reschedule to', place: 'New venue or mode' }}
            register={reschedule.register}
            errors={reschedule.formState.errors.schedule}
          />
          <Button type="submit" variant="secondary" isPending={move.isPending}>
            Reschedule
          </Button>
        </form>
      )}
    </div>
  );
}

/** Withdrawing an offer the student has not answered yet, with the reason they will read. */
function WithdrawOffer({ id }: { id: string }) {
  const withdraw = useWithdrawOffer();
  return (
    <ReasonForm
      label="Reason for withdrawing"
      submitLabel="Withdraw offer"
      isPending={withdraw.isPending}
      onSubmit={(reason) =>
        withdraw.mutate(
          { id, reason },
          {
            onSuccess: (message) => toast.success(message),
          },
        )
      }
    />
  );
}

/** One application: its stage and history, the control that moves it, and the student's record. */
export function ApplicantPipeline({ id }: { id: string }) {
  const details = useApplicantDetails(id);
  if (details.isPending) return <LoadingBlock />;
  if (details.isError) {
    if (isApiError(details.error) && details.error.status === 404) {
      return <p className="text-sm text-slate-700">{pipeline.applicationNotFound}</p>;
    }
    return (
      <ErrorBlock
        message={errorMessage(details.error)}
        onRetry={() => void details.refetch()}
        retrying={details.isFetching}
      />
    );
  }
  const a = details.data;
  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
            <h2 className="text-lg font-semibold text-slate-900">Application for {a.role}</h2>
            <p className="flex items-center gap-2 text-sm text-slate-600">
              Now at <StageBadge stage={a.stage} />
            </p>
          </div>
          {a.placed && (
            <div className="mb-4 rounded-xl border border-indigo-200 bg-indigo-50 p-3 text-sm text-indigo-950">
              <p className="font-medium">{a.placed.label}</p>
              <p className="mt-0.5">
                {a.placed.offerRefusal ?? 'The placement policy still allows an offer from you for this job.'}
              </p>
            </div>
          )}
          <DetailList
            details={[
              { label: 'Applied', value: datePart(a.appliedAt) },
              // Applications made before snapshots were kept have none.
              ...(a.eligibilitySnapshot
                ? [{ label: 'At application', value: snapshotSummary(a.eligibilitySnapshot) }]
                : []),
              // A schedule belongs to its assessment or interview; once past it, it is history.
              ...(a.schedule && needsSchedule(a.stage)
                ? [{ label: 'Schedule', value: `${localDateTime(a.schedule.at)}, ${a.schedule.place}` }]
                : []),
              ...(a.packageOffered !== null
                ? [{ label: 'Package offered', value: lpa(a.packageOffered) }]
                : []),
            ]}
          />
          {a.offer && (
            <OfferPanel
              headingLevel={3}
              title={`Your offer to ${a.name}`}
              offer={a.offer}
              actions={a.offer.state === 'Offered' ? <WithdrawOffer id={a._id} /> : undefined}
            />
          )}
          <h3 className="mt-6 mb-3 text-sm font-semibold text-slate-900">History</h3>
          <ol aria-label="Stage history" className="space-y-3 border-l-2 border-indigo-100 pl-4">
            {a.history.map((h, i) => (
              <li key={`${h.stage}-${h.at}-${i}`} className="text-sm text-slate-700">
                {h.offerState || h.message ? (
                  <p className="font-medium break-words text-slate-900">{historyLabel(h)}</p>
                ) : (
                  <StageBadge stage={h.stage} />
                )}
                <p className="mt-1">
                  {localDateTime(h.at)} · by {h.by}
                </p>
                {h.note && <p className="mt-1 break-words">Reason: {h.note}</p>}
                {h.message && <p className="mt-1 break-words whitespace-pre-line">{h.message.body}</p>}
              </li>
            ))}
          </ol>
        </Card>
        <Card>
          <h2 className="mb-4 text-lg font-semibold text-slate-900">Move the application</h2>
          <MoveControl
            key={`${a.stage}|${a.schedule?.at ?? ''}|${a.schedule?.place ?? ''}`}
            application={a}
          />
        </Card>
      </div>
      {a.student ? (
        <StudentRecord student={a.student} resumeBeside />
      ) : (
        <Card>
          <h2 className="mb-2 text-lg font-semibold text-slate-900">Student record</h2>
          <p className="text-sm text-slate-700">{pipeline.withheld}</p>
        </Card>
      )}
    </div>
  );
}
