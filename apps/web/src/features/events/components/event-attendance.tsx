import { events as messages } from '@portal/contracts/messages';
import { useState } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { TableScroll } from '../../../components/ui/table-scroll.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { localDateTime } from '../../../lib/dates.ts';
import { attendanceCsvHref, type EventSide, useManagedEvent, useScanCode } from '../api/manage-events.ts';
import { CancelEventButton, ChangeEventForm } from './event-changes.tsx';
import { Scanner } from './scanner.tsx';
import { EventFacts } from './student-events.tsx';

const linkClass = 'font-medium text-indigo-700 underline hover:text-indigo-900';

/** One event for staff or its company: the scanner, who registered, waits and attended, and the CSV. */
export function EventAttendance({ side, id }: { side: EventSide; id: string }) {
  const detail = useManagedEvent(side, id);
  const scan = useScanCode(side, id);
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
      {event.cancelledAt === null && <Scanner scan={scan} />}
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
