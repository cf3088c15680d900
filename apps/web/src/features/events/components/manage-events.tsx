import { pipelineStages } from '@portal/contracts/applications';
import {
  audienceLabels,
  type EventAudience,
  eventAudiences,
  type EventKind,
  eventKinds,
} from '@portal/contracts/events';
import { events as messages } from '@portal/contracts/messages';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { TableScroll } from '../../../components/ui/table-scroll.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { fromDateTimeLocal, localDateTime, zoneNote } from '../../../lib/dates.ts';
import { type EventSide, useCreateEvent, useEventJobs, useManagedEvents } from '../api/manage-events.ts';

const linkClass = 'font-medium text-indigo-700 underline hover:text-indigo-900';

type JobChoice = { id: string; role: string };

/**
 * Make an event. A company's is for one of its jobs (its eligible students, a stage's applicants,
 * or everyone, and it may be required to apply); staff make the college's events.
 */
function NewEvent({
  side,
  jobs,
  jobOptional,
}: {
  side: EventSide;
  jobs: readonly JobChoice[];
  /** Staff may make an event of no job (the whole college); a company's is for one of its jobs. */
  jobOptional: boolean;
}) {
  const create = useCreateEvent(side);
  const [kind, setKind] = useState<EventKind>('Pre-placement talk');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [startsAt, setStartsAt] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const [place, setPlace] = useState('');
  const [onlineLink, setOnlineLink] = useState('');
  const [capacity, setCapacity] = useState('100');
  const [audience, setAudience] = useState<EventAudience>('college');
  const [jobId, setJobId] = useState(jobOptional ? '' : (jobs[0]?.id ?? ''));
  const [stage, setStage] = useState<string>('Shortlisted');
  const [required, setRequired] = useState(false);
  const forJob = jobId !== '';
  return (
    <Card>
      <h3 className="font-semibold text-slate-900">New event</h3>
      <form
        className="mt-3 grid gap-4 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(
            {
              kind,
              title,
              description,
              startsAt: fromDateTimeLocal(startsAt) ?? startsAt,
              endsAt: fromDateTimeLocal(endsAt) ?? endsAt,
              place,
              onlineLink,
              capacity: Number(capacity),
              audience,
              jobId: forJob ? jobId : null,
              stage: audience === 'stage' ? (pipelineStages.find((s) => s === stage) ?? null) : null,
              requiredToApply: forJob && required,
            },
            { onSuccess: (event) => toast.success(`${event.title}: event created.`) },
          );
        }}
      >
        <SelectField
          label="Kind"
          value={kind}
          onChange={(e) => setKind(eventKinds.find((k) => k === e.target.value) ?? kind)}
        >
          {eventKinds.map((k) => (
            <option key={k}>{k}</option>
          ))}
        </SelectField>
        <TextField
          label="Title"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          maxLength={120}
          required
        />
        <TextField
          label="Starts"
          type="datetime-local"
          hint={zoneNote()}
          value={startsAt}
          onChange={(e) => setStartsAt(e.target.value)}
          required
        />
        <TextField
          label="Ends"
          type="datetime-local"
          value={endsAt}
          onChange={(e) => setEndsAt(e.target.value)}
          required
        />
        <TextField
          label="Place"
          hint="A room or hall; or give an online link."
          value={place}
          onChange={(e) => setPlace(e.target.value)}
        />
        <TextField
          label="Online link"
          type="url"
          placeholder="https://"
          value={onlineLink}
          onChange={(e) => setOnlineLink(e.target.value)}
        />
        <TextField
          label="Capacity"
          type="number"
          min={1}
          max={5000}
          value={capacity}
          onChange={(e) => setCapacity(e.target.value)}
          required
        />
        <SelectField
          label="Who may register"
          value={audience}
          onChange={(e) => setAudience(eventAudiences.find((a) => a === e.target.value) ?? audience)}
        >
          {eventAudiences
            .filter((a) => forJob || a === 'college')
            .map((a) => (
              <option key={a} value={a}>
                {audienceLabels[a]}
              </option>
            ))}
        </SelectField>
        {jobs.length > 0 && (
          <SelectField
            label="Job"
            value={jobId}
            onChange={(e) => {
              setJobId(e.target.value);
              if (e.target.value === '') setAudience('college');
            }}
          >
            {jobOptional && <option value="">No job: the whole college</option>}
            {jobs.map((j) => (
              <option key={j.id} value={j.id}>
                {j.role}
              </option>
            ))}
          </SelectField>
        )}
        {forJob && audience === 'stage' && (
          <SelectField label="Stage" value={stage} onChange={(e) => setStage(e.target.value)}>
            {pipelineStages.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </SelectField>
        )}
        <TextAreaField
          className="sm:col-span-2"
          label="Description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={2000}
          rows={3}
        />
        {forJob && (
          <label className="flex items-center gap-2 text-sm text-slate-800 sm:col-span-2">
            <input
              type="checkbox"
              className="h-4 w-4 rounded border-slate-400"
              checked={required}
              onChange={(e) => setRequired(e.target.checked)}
            />
            Students must attend this event to apply to the job
          </label>
        )}
        <div className="space-y-2 sm:col-span-2">
          <Button type="submit" disabled={create.isPending}>
            Create event
          </Button>
          <FormAlert error={create.error} />
        </div>
      </form>
    </Card>
  );
}

/** Staff's or a company's events: make one, and open one to scan codes and export attendance. */
export function ManageEvents({
  side,
  jobs = [],
  eventHref,
}: {
  side: EventSide;
  jobs?: readonly JobChoice[];
  /** The page of one event (scan, list, CSV). */
  eventHref: (id: string) => string;
}) {
  const list = useManagedEvents(side);
  const collegeJobs = useEventJobs(side === 'staff');
  const choices =
    side === 'staff'
      ? (collegeJobs.data ?? []).map((j) => ({ id: j.id, role: `${j.role} at ${j.company}` }))
      : jobs;
  return (
    <div className="space-y-6">
      {side === 'company' && jobs.length === 0 ? (
        <EmptyState>A company’s events are for its jobs: post a job first.</EmptyState>
      ) : (
        <NewEvent
          // Staff's jobs arrive after the form: it starts anew with them.
          key={choices.length}
          side={side}
          jobs={choices}
          jobOptional={side === 'staff'}
        />
      )}
      {list.isPending ? (
        <LoadingBlock />
      ) : list.isError ? (
        <ErrorBlock
          message={errorMessage(list.error)}
          onRetry={() => void list.refetch()}
          retrying={list.isRefetching}
        />
      ) : list.data.length === 0 ? (
        <EmptyState>No events yet.</EmptyState>
      ) : (
        <Card>
          <h3 id="events-heading" className="font-semibold text-slate-900">
            Events
          </h3>
          <TableScroll labelledBy="events-heading" className="mt-3">
            <table className="min-w-full text-left text-sm">
              <thead className="text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Event
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Starts
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Places
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Waiting
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Attended
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 text-slate-900">
                {list.data.map((e) => (
                  <tr key={e.id}>
                    <td className="py-2 pr-4">
                      <Link className={linkClass} to={eventHref(e.id)}>
                        {e.title}
                      </Link>
                      {e.cancelledAt && (
                        <>
                          {' '}
                          <Badge tone="danger">{messages.cancelledMark}</Badge>
                        </>
                      )}
                      <span className="block text-xs text-slate-600">
                        {e.kind}
                        {e.job ? ` · ${e.job}` : ''}
                        {e.requiredToApply ? ' · required to apply' : ''}
                      </span>
                    </td>
                    <td className="py-2 pr-4 whitespace-nowrap">{localDateTime(e.startsAt)}</td>
                    <td className="py-2 pr-4">
                      {e.registered} / {e.capacity}
                    </td>
                    <td className="py-2 pr-4">{e.waiting}</td>
                    <td className="py-2">{e.attended}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </Card>
      )}
    </div>
  );
}
