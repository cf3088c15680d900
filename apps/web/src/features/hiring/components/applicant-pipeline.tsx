import type { Stage } from '@portal/contracts/applications';
import { pipeline } from '@portal/contracts/messages';
import type { ApplicantDetails } from '@portal/contracts/pipeline';
import { type FormEvent, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button.tsx';
import { Card, DetailList } from '../../../components/ui/card.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { StageBadge } from '../../../components/ui/stage-badge.tsx';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { datePart, localDateTime } from '../../../lib/dates.ts';
import { lpa } from '../../../lib/lpa.ts';
import { useApplicantDetails } from '../api/get-applicant-details.ts';
import { useMoveApplication } from '../api/move-application.ts';
import { nextStages, takesSchedule } from './next-stages.ts';

/** Moves the application on: the allowed next stage, with a schedule or the offered package as needed. */
function MoveControl({ application }: { application: ApplicantDetails }) {
  const options = nextStages(application.stage);
  const [target, setTarget] = useState<Stage | ''>('');
  const [at, setAt] = useState('');
  const [place, setPlace] = useState('');
  const [pkg, setPkg] = useState('');
  const [problem, setProblem] = useState('');
  const move = useMoveApplication();
  const rescheduling = takesSchedule(application.stage);

  const send = (stage: Stage, event: FormEvent) => {
    event.preventDefault();
    setProblem('');
    if (stage === 'Offer Letter' && !(Number(pkg) > 0)) return setProblem(pipeline.packageRequired);
    const wantsSchedule = takesSchedule(stage) && (at !== '' || stage === application.stage);
    if (wantsSchedule && (at === '' || Number.isNaN(new Date(at).getTime())))
      return setProblem(pipeline.scheduleAt);
    if (wantsSchedule && place.trim() === '') return setProblem(pipeline.schedulePlace);
    move.mutate(
      {
        id: application._id,
        move: {
          stage,
          ...(wantsSchedule ? { schedule: { at: new Date(at).toISOString(), place: place.trim() } } : {}),
          ...(stage === 'Offer Letter' ? { packageOffered: Number(pkg) } : {}),
        },
      },
      {
        onSuccess: (message) => {
          toast.success(message);
          setTarget('');
          setAt('');
          setPlace('');
          setPkg('');
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  if (options.length === 0) {
    return <p className="text-sm text-slate-700">This application is complete: {application.stage}.</p>;
  }

  const scheduleFields = (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        type="datetime-local"
        label="Date and time"
        value={at}
        onChange={(e) => setAt(e.target.value)}
      />
      <TextField
        label="Mode or place"
        placeholder="e.g. Online, Room 204"
        value={place}
        onChange={(e) => setPlace(e.target.value)}
      />
    </div>
  );

  return (
    <div className="space-y-6">
      <form
        noValidate
        onSubmit={(e) => target && send(target, e)}
        className="space-y-4"
        aria-label="Move application"
      >
        <SelectField label="Move to" value={target} onChange={(e) => setTarget(e.target.value as Stage | '')}>
          <option value="">Choose the next stage</option>
          {options.map((stage) => (
            <option key={stage}>{stage}</option>
          ))}
        </SelectField>
        {target && takesSchedule(target) && scheduleFields}
        {target === 'Offer Letter' && (
          <TextField
            label="Package offered (LPA)"
            inputMode="decimal"
            placeholder="e.g. 12.5"
            value={pkg}
            onChange={(e) => setPkg(e.target.value)}
          />
        )}
        {problem && (
          <p role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        )}
        <Button type="submit" disabled={!target} isPending={move.isPending}>
          Move
        </Button>
      </form>
      {rescheduling && (
        <form
          noValidate
          onSubmit={(e) => send(application.stage, e)}
          className="space-y-4"
          aria-label="Reschedule"
        >
          <h3 className="text-sm font-semibold text-slate-900">Schedule for {application.stage}</h3>
          {scheduleFields}
          <Button type="submit" variant="secondary" isPending={move.isPending}>
            Save schedule
          </Button>
        </form>
      )}
    </div>
  );
}

/** One application: the student, the stage with its history, and the control that moves it. */
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
  const s = a.student;
  return (
    <div className="space-y-6">
      <Card>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 className="text-xl font-semibold text-slate-900">
              {s.personalDetail.firstName} {s.personalDetail.lastName}
            </h2>
            <p className="text-sm text-slate-600">
              {a.role} · applied {datePart(a.appliedAt)}
            </p>
          </div>
          <StageBadge stage={a.stage} />
        </div>
        <div className="mt-4">
          <DetailList
            details={[
              { label: 'Email', value: s.personalDetail.emailID },
              { label: 'Phone', value: s.personalDetail.phone },
              { label: 'Degrees', value: s.educationalDetails.degrees.join(', ') || '—' },
              { label: 'CGPA', value: s.educationalDetails.cgpa ?? '—' },
              { label: 'Year of passing', value: s.educationalDetails.yearOfPassing ?? '—' },
              {
                label: 'Resume',
                value: s.resume ? (
                  <a
                    href={s.resume}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-indigo-700 hover:underline"
                  >
                    Open resume<span className="sr-only"> (opens in a new tab)</span>
                  </a>
                ) : (
                  'No resume'
                ),
              },
              ...(a.schedule
                ? [{ label: 'Schedule', value: `${localDateTime(a.schedule.at)}, ${a.schedule.place}` }]
                : []),
              ...(a.packageOffered !== null
                ? [{ label: 'Package offered', value: lpa(a.packageOffered) }]
                : []),
            ]}
          />
        </div>
      </Card>
      <Card>
        <h3 className="mb-3 font-semibold text-slate-900">History</h3>
        <ol className="space-y-2">
          {a.history.map((h, i) => (
            <li key={`${h.stage}-${i}`} className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
              <StageBadge stage={h.stage} /> {localDateTime(h.at)} · by {h.by}
            </li>
          ))}
        </ol>
      </Card>
      <Card>
        <h3 className="mb-3 font-semibold text-slate-900">Move the application</h3>
        <MoveControl application={a} />
      </Card>
    </div>
  );
}
