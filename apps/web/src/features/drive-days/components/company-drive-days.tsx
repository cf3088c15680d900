import { type CompanyDriveDay, driveDayStages } from '@portal/contracts/drive-days';
import { instantOfWallClock } from '@portal/contracts/dates';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { boardHref, paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { getDisplayTimeZone, localDateTime } from '../../../lib/dates.ts';
import { useAddPanel, useCompanyDriveDays, useCompanyNoShow } from '../api/company-drive-days.ts';
import { ReasonButton } from './reason-button.tsx';

type JobChoice = { id: string; role: string };

const boardLinkClass = 'text-sm font-medium text-indigo-700 underline hover:text-indigo-900';

function PanelForm({ day, jobs }: { day: CompanyDriveDay; jobs: JobChoice[] }) {
  const add = useAddPanel();
  const [jobId, setJobId] = useState(jobs[0]?.id ?? '');
  const [stage, setStage] = useState<(typeof driveDayStages)[number]>('Technical Interview');
  const [roomId, setRoomId] = useState(day.day.rooms[0]?.id ?? '');
  const [onlineLink, setOnlineLink] = useState('');
  const [interviewers, setInterviewers] = useState('');
  const [slotMinutes, setSlotMinutes] = useState('30');
  const [bufferMinutes, setBufferMinutes] = useState('10');
  const [start, setStart] = useState('09:00');
  const [end, setEnd] = useState('13:00');
  const [selfBooking, setSelfBooking] = useState(false);
  const [deadline, setDeadline] = useState('');
  return (
    <form
      aria-label={`Add a panel on ${day.day.date}`}
      className="mt-4 grid gap-3 sm:grid-cols-2"
      onSubmit={(event) => {
        event.preventDefault();
        add.mutate(
          {
            id: day.day.id,
            body: {
              jobId,
              stage,
              roomId: roomId || null,
              onlineLink: roomId ? '' : onlineLink,
              interviewers: interviewers
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean),
              slotMinutes: Number(slotMinutes),
              bufferMinutes: Number(bufferMinutes),
              start,
              end,
              selfBooking,
              bookingDeadline:
                selfBooking && deadline
                  ? instantOfWallClock(Date.parse(`${deadline}:00Z`), getDisplayTimeZone()).toISOString()
                  : null,
            },
          },
          { onSuccess: (message) => toast.success(message) },
        );
      }}
    >
      <h4 className="font-semibold text-slate-900 sm:col-span-2">Add a panel</h4>
      <SelectField label="Job" value={jobId} onChange={(e) => setJobId(e.target.value)}>
        {jobs.map((j) => (
          <option key={j.id} value={j.id}>
            {j.role}
          </option>
        ))}
      </SelectField>
      <SelectField label="Stage" value={stage} onChange={(e) => setStage(e.target.value as typeof stage)}>
        {driveDayStages.map((s) => (
          <option key={s}>{s}</option>
        ))}
      </SelectField>
      <SelectField label="Room" value={roomId} onChange={(e) => setRoomId(e.target.value)}>
        <option value="">Online (give the link)</option>
        {day.day.rooms.map((r) => (
          <option key={r.id} value={r.id}>
            {r.name}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Online link"
        value={onlineLink}
        disabled={roomId !== ''}
        onChange={(e) => setOnlineLink(e.target.value)}
      />
      <TextField
        label="Interviewers"
        hint="Separated by commas."
        value={interviewers}
        onChange={(e) => setInterviewers(e.target.value)}
      />
      <TextField
        label="Slot (minutes)"
        type="number"
        value={slotMinutes}
        onChange={(e) => setSlotMinutes(e.target.value)}
      />
      <TextField
        label="Buffer between slots (minutes)"
        type="number"
        value={bufferMinutes}
        onChange={(e) => setBufferMinutes(e.target.value)}
      />
      <TextField label="From" type="time" value={start} onChange={(e) => setStart(e.target.value)} />
      <TextField label="Until" type="time" value={end} onChange={(e) => setEnd(e.target.value)} />
      <label className="flex items-start gap-3 text-sm text-slate-700 sm:col-span-2">
        <input
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-indigo-600"
          checked={selfBooking}
          onChange={(e) => setSelfBooking(e.target.checked)}
        />
        Let students book these slots themselves (instead of the allotment)
      </label>
      {selfBooking && (
        <TextField
          label="Booking closes at"
          type="datetime-local"
          value={deadline}
          onChange={(e) => setDeadline(e.target.value)}
        />
      )}
      <div className="space-y-2 sm:col-span-2">
        <Button type="submit" disabled={add.isPending}>
          Add panel
        </Button>
        <FormAlert error={add.error} />
      </div>
    </form>
  );
}

/** A company's drive days: its panels (added here), its interviews, and no-show marking. */
export function CompanyDriveDays({ jobs }: { jobs: JobChoice[] }) {
  const days = useCompanyDriveDays();
  const noShow = useCompanyNoShow();
  if (days.isPending) return <LoadingBlock />;
  if (days.isError)
    return (
      <ErrorBlock
        message={errorMessage(days.error)}
        onRetry={() => void days.refetch()}
        retrying={days.isRefetching}
      />
    );
  if (days.data.length === 0)
    return <EmptyState>The placement cell has not declared a drive day yet.</EmptyState>;
  return (
    <div className="space-y-6">
      {days.data.map((d) => (
        <Card key={d.day.id}>
          <h3 className="text-lg font-semibold text-slate-900">
            Drive day {d.day.date} ({d.day.status})
          </h3>
          {d.day.status === 'published' && d.panels.length > 0 && (
            <Link className={boardLinkClass} to={boardHref(paths.company.driveDayBoard, d.day.id)}>
              Open the room board<span className="sr-only"> of {d.day.date}</span>
            </Link>
          )}
          <ul aria-label={`Your panels on ${d.day.date}`} className="mt-2 space-y-1 text-sm text-slate-800">
            {d.panels.map((p) => (
              <li key={p.id}>
                {p.role} · {p.stage} · {p.place} · {p.start}–{p.end}
                {p.selfBooking ? ' · self-booking' : ''}
              </li>
            ))}
          </ul>
          {d.interviews.length > 0 && (
            <ul aria-label={`Interviews on ${d.day.date}`} className="mt-4 space-y-2">
              {d.interviews.map((i) => (
                <li
                  key={i.id}
                  className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 p-3 text-sm"
                >
                  <span className="min-w-0 flex-1 break-words text-slate-900">
                    {localDateTime(i.start)} · {i.student} · {i.role}
                  </span>
                  {i.noShow ? (
                    <span className="text-red-800">Absent: {i.noShow.reason}</span>
                  ) : (
                    <ReasonButton
                      label="Mark no-show"
                      fieldLabel={`Why ${i.student} is marked absent`}
                      pending={noShow.isPending}
                      onSend={(reason) =>
                        noShow.mutate(
                          { id: d.day.id, itemId: i.id, reason },
                          { onSuccess: (m) => toast.success(m) },
                        )
                      }
                    />
                  )}
                </li>
              ))}
            </ul>
          )}
          <FormAlert error={noShow.error} />
          {jobs.length > 0 && <PanelForm day={d} jobs={jobs} />}
        </Card>
      ))}
    </div>
  );
}
