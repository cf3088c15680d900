import type { ScanResult } from '@portal/contracts/events';
import { events as messages } from '@portal/contracts/messages';
import QrScanner from 'qr-scanner';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { TableScroll } from '../../../components/ui/table-scroll.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { localDateTime } from '../../../lib/dates.ts';
import { attendanceCsvHref, type EventSide, useManagedEvent, useScanCode } from '../api/manage-events.ts';
import { CancelEventButton, ChangeEventForm } from './event-changes.tsx';
import { EventFacts } from './student-events.tsx';

const linkClass = 'font-medium text-indigo-700 underline hover:text-indigo-900';

type Outcome = { ok: boolean; text: string };

/**
 * The door: the phone's camera reads students' codes (qr-scanner, in the browser) and each new one
 * is sent to the server, which records the attendance once; a code can also be pasted.
 */
function Scanner({ side, id }: { side: EventSide; id: string }) {
  const scan = useScanCode(side, id);
  const video = useRef<HTMLVideoElement>(null);
  const [running, setRunning] = useState(false);
  const [cameraError, setCameraError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [pasted, setPasted] = useState('');
  // The camera reads a code many times a second while it is in view: each is sent once.
  const seen = useRef(new Set<string>());
  const send = (code: string) =>
    scan.mutate(code, {
      onSuccess: (result: ScanResult) => setOutcome({ ok: result.outcome === 'recorded', text: result.text }),
      onError: (error) => setOutcome({ ok: false, text: errorMessage(error) }),
    });
  // The scanner outlives renders; it calls the newest `send`.
  const sendLatest = useRef(send);
  useEffect(() => {
    sendLatest.current = send;
  });

  useEffect(() => {
    if (!running || !video.current) return;
    const scanner = new QrScanner(
      video.current,
      (result) => {
        if (seen.current.has(result.data)) return;
        seen.current.add(result.data);
        sendLatest.current(result.data);
      },
      {
        returnDetailedScanResult: true,
        maxScansPerSecond: 5,
      },
    );
    scanner.start().catch((error: unknown) => {
      setCameraError(
        `The camera could not start (${error instanceof Error ? error.message : String(error)}). Paste the code instead.`,
      );
      setRunning(false);
    });
    return () => {
      scanner.stop();
      scanner.destroy();
    };
  }, [running]);

  return (
    <Card>
      <h3 className="font-semibold text-slate-900">Scan attendance</h3>
      <p className="mt-1 text-sm text-slate-700">
        Point the camera at the student’s code. Codes last 30 seconds: a photo of someone else’s is refused.
      </p>
      <div className="mt-3 space-y-3">
        <Button
          variant={running ? 'secondary' : 'primary'}
          onClick={() => {
            setCameraError(null);
            setRunning((r) => !r);
          }}
        >
          {running ? 'Stop camera' : 'Start camera'}
        </Button>
        {/* The camera's picture: no sound, nothing to caption. */}
        <video
          ref={video}
          muted
          playsInline
          aria-label="Camera"
          className={
            running ? 'aspect-square w-full max-w-sm rounded-lg bg-slate-900 object-cover' : 'hidden'
          }
        />
        {cameraError && <p className="text-sm text-red-700">{cameraError}</p>}
        <div role="status" aria-live="polite" data-testid="scan-outcome">
          {outcome && (
            <p
              className={`rounded-lg border px-3 py-2 text-sm font-medium ${
                outcome.ok
                  ? 'border-emerald-200 bg-emerald-50 text-emerald-800'
                  : 'border-amber-200 bg-amber-50 text-amber-900'
              }`}
            >
              {outcome.text}
            </p>
          )}
        </div>
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (pasted.trim()) send(pasted.trim());
          }}
        >
          <TextField
            className="min-w-0 flex-1"
            label="Or paste a code"
            value={pasted}
            onChange={(e) => setPasted(e.target.value)}
          />
          <Button type="submit" variant="secondary" disabled={scan.isPending}>
            Record
          </Button>
        </form>
      </div>
    </Card>
  );
}

/** One event for staff or its company: the scanner, who registered, waits and attended, and the CSV. */
export function EventAttendance({ side, id }: { side: EventSide; id: string }) {
  const detail = useManagedEvent(side, id);
  // When the page opened: an event over by then can no longer change (the server says `messages.ended`).
  const [openedAt] = useState(Date.now);
  if (detail.isPending) return <LoadingBlock />;
  if (detail.isError)
    return (
      <ErrorBlock
        message={errorMessage(detail.error)}
        onRetry={() => void detail.refetch()}
        retrying={detail.isRefetching}
      />
    );
  const { event, registrations } = detail.data;
  const changeable = event.cancelledAt === null && Date.parse(event.endsAt) > openedAt;
  return (
    <div className="space-y-6">
      <Card>
        <h3 className="text-lg font-semibold break-words text-slate-900">{event.title}</h3>
        <p className="text-sm text-slate-700">
          {event.kind} · {event.registered} of {event.capacity} places taken · {event.waiting} waiting ·{' '}
          {event.attended} attended
        </p>
        {event.cancelledAt && (
          <p className="mt-2 text-sm font-medium text-red-700">
            {messages.cancelledOn(localDateTime(event.cancelledAt))}
          </p>
        )}
        <EventFacts event={event} />
        <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
          <a className={`${linkClass} text-sm`} href={attendanceCsvHref(side, id)} download>
            Download attendance (CSV)
          </a>
          {changeable && <CancelEventButton side={side} id={id} />}
        </div>
      </Card>
      {changeable && (
        <ChangeEventForm
          // Saved, the event comes back changed: the form starts anew from it.
          key={`${event.startsAt} ${event.endsAt} ${event.place} ${event.onlineLink}`}
          side={side}
          event={event}
        />
      )}
      {event.cancelledAt === null && <Scanner side={side} id={id} />}
      <Card>
        <h3 id="registrations-heading" className="font-semibold text-slate-900">
          Registrations
        </h3>
        {registrations.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">Nobody has registered yet.</p>
        ) : (
          <TableScroll labelledBy="registrations-heading" className="mt-3">
            <table className="min-w-full text-left text-sm">
              <thead className="text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Student
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Roll number
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Place
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Attended
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 text-slate-900">
                {registrations.map((r) => (
                  <tr key={r.studentId}>
                    <td className="py-2 pr-4 break-words">{r.student}</td>
                    <td className="py-2 pr-4">{r.rollNumber ?? '—'}</td>
                    <td className="py-2 pr-4">{r.status === 'registered' ? 'Registered' : 'Waiting list'}</td>
                    <td className="py-2">{r.attendedAt ? localDateTime(r.attendedAt) : 'No'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </Card>
    </div>
  );
}
