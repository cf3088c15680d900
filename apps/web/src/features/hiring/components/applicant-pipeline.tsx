import type { Stage } from '@portal/contracts/applications';
import { offers, pipeline } from '@portal/contracts/messages';
import { MIN_DECISION_DAYS } from '@portal/contracts/offers';
import type { ApplicantDetails, EligibilitySnapshot } from '@portal/contracts/pipeline';
import { type FormEvent, useState } from 'react';
import { toast } from 'react-toastify';
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
  localDate,
  localDateTime,
  toDateTimeLocal,
} from '../../../lib/dates.ts';
import { lpa } from '../../../lib/lpa.ts';
import { useApplicantDetails } from '../api/get-applicant-details.ts';
import { useMoveApplication } from '../api/move-application.ts';
import { useWithdrawOffer } from '../api/withdraw-offer.ts';
import { nextStages, takesSchedule } from './next-stages.ts';

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
type Problems = Partial<Record<'at' | 'place' | 'pkg' | 'decideBy', string>>;

/** The schedule to send, or the problems with it; an empty schedule is fine unless `required`. */
function checkSchedule({ at, place }: ScheduleInput, required: boolean) {
  if (!required && at === '' && place.trim() === '') return { schedule: undefined, problems: {} };
  const iso = fromDateTimeLocal(at);
  const problems: Problems = {
    ...(iso === null ? { at: pipeline.scheduleAt } : {}),
    ...(place.trim() === '' ? { place: pipeline.schedulePlace } : {}),
  };
  return { schedule: iso === null ? undefined : { at: iso, place: place.trim() }, problems };
}

/**
 * When and where. The reschedule form's labels differ from the move form's, and neither contains
 * the other, so each field is found by its own label even when both forms are on screen.
 */
function ScheduleFields({
  value,
  onChange,
  problems,
  labels = { at: 'Date and time', place: 'Mode or place' },
}: {
  value: ScheduleInput;
  onChange: (value: ScheduleInput) => void;
  problems: Problems;
  labels?: { at: string; place: string };
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        type="datetime-local"
        label={labels.at}
        value={value.at}
        error={problems.at}
        onChange={(e) => onChange({ ...value, at: e.target.value })}
      />
      <TextField
        label={labels.place}
        placeholder="e.g. Online, Room 204"
        maxLength={200}
        value={value.place}
        error={problems.place}
        onChange={(e) => onChange({ ...value, place: e.target.value })}
      />
    </div>
  );
}

/**
 * Moves the application on: only to a stage the server allows from here, with a schedule for an
 * assessment or interview and the package for an offer. At a scheduled stage the schedule can be
 * changed without moving. Remounted (by key) whenever the application changes, which resets it.
 */
function MoveControl({ application }: { application: ApplicantDetails }) {
  const options = nextStages(application.stage);
  const [target, setTarget] = useState<Stage | ''>('');
  const [schedule, setSchedule] = useState<ScheduleInput>({ at: '', place: '' });
  const [pkg, setPkg] = useState('');
  const [decideBy, setDecideBy] = useState('');
  const earliestDecideBy = addDays(localDate(), MIN_DECISION_DAYS);
  const [problems, setProblems] = useState<Problems>({});
  const [newSchedule, setNewSchedule] = useState<ScheduleInput>({
    at: application.schedule ? toDateTimeLocal(application.schedule.at) : '',
    place: application.schedule?.place ?? '',
  });
  const [rescheduleProblems, setRescheduleProblems] = useState<Problems>({});
  const move = useMoveApplication();

  const send = (body: Parameters<typeof move.mutate>[0]['move']) =>
    move.mutate(
      { id: application._id, move: body },
      {
        onSuccess: (message) => toast.success(message),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );

  const onMove = (event: FormEvent) => {
    event.preventDefault();
    if (!target) return;
    const offer = target === 'Offer Letter';
    const packageOffered = Number(pkg);
    const badPackage = offer && !(pkg.trim() !== '' && packageOffered > 0 && packageOffered <= 1000);
    const checked = takesSchedule(target)
      ? checkSchedule(schedule, false)
      : { schedule: undefined, problems: {} };
    // Empty: the placement policy's decision window applies. The server checks the date again.
    const badDecideBy = offer && decideBy !== '' && decideBy < earliestDecideBy;
    const found: Problems = {
      ...checked.problems,
      ...(badPackage ? { pkg: pipeline.packageRequired } : {}),
      ...(badDecideBy ? { decideBy: offers.decideBy } : {}),
    };
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    send({
      stage: target,
      ...(checked.schedule ? { schedule: checked.schedule } : {}),
      ...(offer ? { packageOffered } : {}),
      ...(offer && decideBy !== '' ? { decideBy } : {}),
    });
  };

  const onReschedule = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkSchedule(newSchedule, true);
    setRescheduleProblems(checked.problems);
    if (checked.schedule) send({ stage: application.stage, schedule: checked.schedule });
  };

  if (options.length === 0) {
    return (
      <p className="text-sm text-slate-700">
        This application is final at {application.stage}; it cannot move any further.
      </p>
    );
  }

  return (
    <div className="space-y-8">
      <form noValidate onSubmit={onMove} className="space-y-4" aria-label="Move application">
        <SelectField
          label="Move to"
          value={target}
          onChange={(e) => {
            setTarget(e.target.value as Stage | '');
            setProblems({});
          }}
        >
          <option value="">Choose the next stage</option>
          {options.map((stage) => (
            <option key={stage}>{stage}</option>
          ))}
        </SelectField>
        {target && takesSchedule(target) && (
          <>
            <ScheduleFields value={schedule} onChange={setSchedule} problems={problems} />
            <p className="text-xs text-slate-500">
              Optional: leave both empty to schedule it later. The student sees the schedule on their
              Interview page.
            </p>
          </>
        )}
        {target === 'Offer Letter' && (
          <TextField
            label="Package offered (LPA)"
            inputMode="decimal"
            placeholder="e.g. 12.5"
            required
            value={pkg}
            error={problems.pkg}
            onChange={(e) => setPkg(e.target.value)}
          />
        )}
        {target === 'Offer Letter' && (
          <TextField
            type="date"
            label="Decide by (optional)"
            min={earliestDecideBy}
            hint={`At least ${MIN_DECISION_DAYS} days ahead. Left empty, the placement policy's decision window applies.`}
            value={decideBy}
            error={problems.decideBy}
            onChange={(e) => setDecideBy(e.target.value)}
          />
        )}
        <Button type="submit" disabled={!target} isPending={move.isPending}>
          Move
        </Button>
      </form>
      {takesSchedule(application.stage) && (
        <form noValidate onSubmit={onReschedule} className="space-y-4" aria-label="Reschedule">
          <h3 className="text-sm font-semibold text-slate-900">
            {application.schedule ? 'Reschedule' : 'Schedule'} the {application.stage}
          </h3>
          <ScheduleFields
            labels={{ at: 'Reschedule to', place: 'New venue or mode' }}
            value={newSchedule}
            onChange={setNewSchedule}
            problems={rescheduleProblems}
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
            onError: (error) => toast.error(errorMessage(error)),
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
          <DetailList
            details={[
              { label: 'Applied', value: datePart(a.appliedAt) },
              // Applications made before snapshots were kept have none.
              ...(a.eligibilitySnapshot
                ? [{ label: 'At application', value: snapshotSummary(a.eligibilitySnapshot) }]
                : []),
              // A schedule belongs to its assessment or interview; once past it, it is history.
              ...(a.schedule && takesSchedule(a.stage)
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
              title={`Your offer to ${a.student.personalDetail.firstName} ${a.student.personalDetail.lastName}`}
              offer={a.offer}
              actions={a.offer.state === 'Offered' ? <WithdrawOffer id={a._id} /> : undefined}
            />
          )}
          <h3 className="mt-6 mb-3 text-sm font-semibold text-slate-900">History</h3>
          <ol aria-label="Stage history" className="space-y-3 border-l-2 border-indigo-100 pl-4">
            {a.history.map((h, i) => (
              <li key={`${h.stage}-${h.at}-${i}`} className="text-sm text-slate-700">
                {h.offerState ? (
                  <p className="font-medium text-slate-900">{historyLabel(h)}</p>
                ) : (
                  <StageBadge stage={h.stage} />
                )}
                <p className="mt-1">
                  {localDateTime(h.at)} · by {h.by}
                </p>
                {h.note && <p className="mt-1 break-words">Reason: {h.note}</p>}
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
      <StudentRecord student={a.student} />
    </div>
  );
}
