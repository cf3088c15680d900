import {
  type AllotmentPreview,
  type DayChangeBody,
  dayChangeKinds,
  type StaffDriveDay,
} from '@portal/contracts/drive-days';
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
import { TableScroll } from '../../../components/ui/table-scroll.tsx';
import { boardHref, paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { getDisplayTimeZone, localDateTime } from '../../../lib/dates.ts';
import {
  useDayChange,
  useDeclareDriveDay,
  usePublishDriveDay,
  useRunAllotment,
  useStaffDriveDay,
  useStaffDriveDays,
  useStaffNoShow,
  useWaiveNoShow,
} from '../api/staff-drive-days.ts';
import { Coordinators } from './coordinators.tsx';
import { ReasonButton } from './reason-button.tsx';

const headClass = 'px-3 py-2 text-left text-xs font-medium tracking-wide text-slate-600 uppercase';
const cellClass = 'px-3 py-2 align-top text-sm text-slate-900';
const boardLinkClass = 'text-sm font-medium text-indigo-700 underline hover:text-indigo-900';

function DeclareForm() {
  const declare = useDeclareDriveDay();
  const [date, setDate] = useState('');
  const [cutoff, setCutoff] = useState('');
  const [gap, setGap] = useState('10');
  const [rooms, setRooms] = useState('');
  return (
    <Card>
      <h3 className="font-semibold text-slate-900">Declare a drive day</h3>
      <form
        className="mt-3 grid gap-4 sm:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          const at = cutoff
            ? instantOfWallClock(Date.parse(`${cutoff}:00Z`), getDisplayTimeZone()).toISOString()
            : '';
          declare.mutate(
            {
              date,
              gapMinutes: Number(gap),
              rankingCutoff: at,
              rooms: rooms
                .split(',')
                .map((r) => r.trim())
                .filter(Boolean),
            },
            { onSuccess: (day) => toast.success(`Drive day ${day.date} declared.`) },
          );
        }}
      >
        <TextField label="Date" type="date" value={date} onChange={(e) => setDate(e.target.value)} required />
        <TextField
          label="Rankings close at"
          type="datetime-local"
          value={cutoff}
          onChange={(e) => setCutoff(e.target.value)}
          required
        />
        <TextField
          label="Gap between a student's interviews (minutes)"
          type="number"
          min={0}
          max={120}
          value={gap}
          onChange={(e) => setGap(e.target.value)}
        />
        <TextField
          label="Rooms"
          hint="Separated by commas."
          value={rooms}
          onChange={(e) => setRooms(e.target.value)}
        />
        <div className="space-y-2 sm:col-span-2">
          <Button type="submit" disabled={declare.isPending}>
            Declare
          </Button>
          <FormAlert error={declare.error} />
        </div>
      </form>
    </Card>
  );
}

function Preview({ preview }: { preview: AllotmentPreview }) {
  return (
    <section aria-labelledby="preview-heading" className="mt-4 space-y-4">
      <h4 id="preview-heading" className="font-semibold text-slate-900">
        Preview
      </h4>
      <p className="text-sm text-slate-800">
        {preview.stats.interviews} of {preview.stats.candidacies} interviews placed; {preview.stats.leftOut}{' '}
        left out; {preview.stats.studentsWithoutInterview} students without any interview (
        {preview.stats.method}, {preview.stats.milliseconds} ms).
      </p>
      {preview.leftOut.length > 0 && (
        <div>
          <h5 className="text-sm font-semibold text-slate-900">Left out</h5>
          <ul className="list-disc pl-5 text-sm text-slate-800">
            {preview.leftOut.map((l) => (
              <li key={`${l.studentId}-${l.title}`}>
                {l.student} — {l.title}: {l.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        {preview.panels.map((p) => (
          <div key={p.panelId} className="rounded-lg border border-slate-200 p-3">
            <h5 className="text-sm font-semibold break-words text-slate-900">{p.title}</h5>
            <ul className="mt-1 text-sm text-slate-800">
              {p.slots.map((s) => (
                <li key={s.start}>
                  {s.start}–{s.end}: {s.student ?? 'free'}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div>
        <h5 className="text-sm font-semibold text-slate-900">Each student&apos;s day</h5>
        <ul className="text-sm text-slate-800">
          {preview.students.map((s) => (
            <li key={s.studentId} className="break-words">
              {s.student}: {s.interviews.map((i) => `${i.start}–${i.end} ${i.title} (${i.place})`).join('; ')}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function ChangeForm({ day }: { day: StaffDriveDay }) {
  const change = useDayChange();
  const [kind, setKind] = useState<DayChangeBody['kind']>('panel-closed');
  const [panelId, setPanelId] = useState(day.panels[0]?.id ?? '');
  const [studentId, setStudentId] = useState(day.interviews[0]?.studentId ?? '');
  const [time, setTime] = useState('');
  const [minutes, setMinutes] = useState('15');
  const students = [...new Map(day.interviews.map((i) => [i.studentId, i.student])).entries()];
  const body = (): DayChangeBody =>
    kind === 'panel-closed'
      ? { kind, panelId, at: time }
      : kind === 'running-late'
        ? { kind, panelIds: [panelId], from: time, minutes: Number(minutes) }
        : { kind, studentId, from: time };
  return (
    <form
      aria-label="Changes on the day"
      className="mt-4 grid gap-3 sm:grid-cols-2"
      onSubmit={(event) => {
        event.preventDefault();
        change.mutate(
          { id: day.day.id, body: body() },
          {
            onSuccess: (c) =>
              toast.success(
                `Re-allotted: ${c.moved} moved, ${c.dropped} dropped, ${c.added} added; each was told.`,
              ),
          },
        );
      }}
    >
      <h4 className="font-semibold text-slate-900 sm:col-span-2">Changes on the day</h4>
      <SelectField
        label="What changed"
        value={kind}
        onChange={(e) => setKind(dayChangeKinds.find((k) => k === e.target.value) ?? kind)}
      >
        <option value="panel-closed">A panel closed</option>
        <option value="running-late">A panel is running late</option>
        <option value="student-unavailable">A student cannot come</option>
      </SelectField>
      {kind === 'student-unavailable' ? (
        <SelectField label="Student" value={studentId} onChange={(e) => setStudentId(e.target.value)}>
          {students.map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </SelectField>
      ) : (
        <SelectField label="Panel" value={panelId} onChange={(e) => setPanelId(e.target.value)}>
          {day.panels.map((p) => (
            <option key={p.id} value={p.id}>
              {p.company} · {p.role} · {p.place}
            </option>
          ))}
        </SelectField>
      )}
      <TextField
        label="From (HH:MM)"
        type="time"
        value={time}
        onChange={(e) => setTime(e.target.value)}
        required
      />
      {kind === 'running-late' && (
        <TextField
          label="Minutes late"
          type="number"
          min={1}
          max={480}
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
        />
      )}
      <div className="space-y-2 sm:col-span-2">
        <Button type="submit" disabled={change.isPending}>
          Re-allot the rest of the day
        </Button>
        <FormAlert error={change.error} />
      </div>
    </form>
  );
}

function DayDetail({ id }: { id: string }) {
  const day = useStaffDriveDay(id);
  const allot = useRunAllotment();
  const publish = usePublishDriveDay();
  const noShow = useStaffNoShow();
  const waive = useWaiveNoShow();
  if (day.isPending) return <LoadingBlock />;
  if (day.isError)
    return (
      <ErrorBlock
        message={errorMessage(day.error)}
        onRetry={() => void day.refetch()}
        retrying={day.isRefetching}
      />
    );
  const d = day.data;
  return (
    <Card>
      <h3 className="text-lg font-semibold text-slate-900">
        Drive day {d.day.date} ({d.day.status})
      </h3>
      <p className="text-sm text-slate-700">
        Rooms: {d.day.rooms.map((r) => r.name).join(', ') || 'none'} · rankings close{' '}
        {localDateTime(d.day.rankingCutoff)} · gap {d.day.gapMinutes} min
      </p>
      {d.day.status === 'published' && (
        <Link className={boardLinkClass} to={boardHref(paths.staff.driveDayBoard, id)}>
          Open the room board<span className="sr-only"> of {d.day.date}</span>
        </Link>
      )}
      <TableScroll label="Panels" className="mt-4">
        <table className="min-w-full divide-y divide-slate-200">
          <caption className="sr-only">Panels</caption>
          <thead>
            <tr>
              <th className={headClass}>Company</th>
              <th className={headClass}>Job and stage</th>
              <th className={headClass}>Where</th>
              <th className={headClass}>Hours</th>
              <th className={headClass}>Slots</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {d.panels.map((p) => (
              <tr key={p.id}>
                <td className={cellClass}>{p.company}</td>
                <td className={cellClass}>
                  {p.role} · {p.stage}
                </td>
                <td className={cellClass}>{p.place}</td>
                <td className={cellClass}>
                  {p.start}–{p.end}
                  {p.closedFrom ? ` (closed from ${p.closedFrom})` : ''}
                  {p.lateMinutes ? ` (+${p.lateMinutes} min late)` : ''}
                </td>
                <td className={cellClass}>
                  {p.selfBooking ? 'self-booking' : `${p.slotMinutes} min + ${p.bufferMinutes} min buffer`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {d.day.status === 'draft' && (
        <div className="mt-4 flex flex-wrap gap-2">
          <Button disabled={allot.isPending} onClick={() => allot.mutate(id)}>
            {allot.isPending ? 'Running the allotment…' : 'Run allotment'}
          </Button>
          {d.preview && (
            <Button
              disabled={publish.isPending}
              onClick={() => publish.mutate(id, { onSuccess: (message) => toast.success(message) })}
            >
              Publish
            </Button>
          )}
        </div>
      )}
      <FormAlert error={allot.error ?? publish.error} />
      {d.preview && <Preview preview={d.preview} />}
      {d.interviews.length > 0 && (
        <TableScroll label="Published interviews" className="mt-4">
          <table className="min-w-full divide-y divide-slate-200">
            <caption className="sr-only">Published interviews</caption>
            <thead>
              <tr>
                <th className={headClass}>When</th>
                <th className={headClass}>Student</th>
                <th className={headClass}>Interview</th>
                <th className={headClass}>No-show</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {d.interviews.map((i) => (
                <tr key={i.id}>
                  <td className={cellClass}>{localDateTime(i.start)}</td>
                  <td className={cellClass}>{i.student}</td>
                  <td className={cellClass}>
                    {i.company} · {i.role} · {i.place}
                  </td>
                  <td className={cellClass}>
                    {i.noShow ? (
                      `Absent: ${i.noShow.reason}${i.noShow.waived ? ' (waived)' : ''}`
                    ) : (
                      <ReasonButton
                        label="Mark no-show"
                        fieldLabel={`Why ${i.student} is marked absent`}
                        pending={noShow.isPending}
                        onSend={(reason) =>
                          noShow.mutate({ id, itemId: i.id, reason }, { onSuccess: (m) => toast.success(m) })
                        }
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <FormAlert error={noShow.error} />
      {d.day.status === 'published' && <ChangeForm day={d} />}
      <Coordinators day={d} />
      {d.noShows.length > 0 && (
        <section aria-labelledby="no-shows" className="mt-4">
          <h4 id="no-shows" className="font-semibold text-slate-900">
            No-shows
          </h4>
          <ul className="mt-2 space-y-2 text-sm text-slate-800">
            {d.noShows.map((n) => (
              <li key={n.id} className="flex flex-wrap items-center gap-2">
                <span className="min-w-0 flex-1 break-words">
                  {n.student} at {n.company} ({n.role}): {n.reason} — marked by {n.by}
                  {n.waived ? `; waived by ${n.waived.by}: ${n.waived.reason}` : ''}
                </span>
                {!n.waived && (
                  <ReasonButton
                    label="Waive"
                    fieldLabel={`Why ${n.student}'s no-show is waived`}
                    pending={waive.isPending}
                    onSend={(reason) =>
                      waive.mutate({ id: n.id, reason }, { onSuccess: (m) => toast.success(m) })
                    }
                  />
                )}
              </li>
            ))}
          </ul>
          <FormAlert error={waive.error} />
        </section>
      )}
    </Card>
  );
}

/** Staff's drive days: declare, see panels, run the allotment, preview, publish, change, no-shows. */
export function StaffDriveDays() {
  const days = useStaffDriveDays();
  const [chosen, setChosen] = useState<string | null>(null);
  if (days.isPending) return <LoadingBlock />;
  if (days.isError)
    return (
      <ErrorBlock
        message={errorMessage(days.error)}
        onRetry={() => void days.refetch()}
        retrying={days.isRefetching}
      />
    );
  const selected = chosen ?? days.data[0]?.id ?? null;
  return (
    <div className="space-y-6">
      <DeclareForm />
      {days.data.length === 0 ? (
        <EmptyState>No drive day declared yet.</EmptyState>
      ) : (
        <nav aria-label="Drive days" className="flex flex-wrap gap-2">
          {days.data.map((d) => (
            <Button
              key={d.id}
              variant={d.id === selected ? 'primary' : 'secondary'}
              aria-pressed={d.id === selected}
              onClick={() => setChosen(d.id)}
            >
              {d.date}
            </Button>
          ))}
        </nav>
      )}
      {selected && <DayDetail key={selected} id={selected} />}
    </div>
  );
}
