import type { StudentEvent } from '@portal/contracts/events';
import { events as messages } from '@portal/contracts/messages';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { localDateTime } from '../../../lib/dates.ts';
import {
  eventInviteHref,
  useCancelRegistration,
  useRegister,
  useStudentEvents,
} from '../api/student-events.ts';
import { AttendanceQr } from './attendance-qr.tsx';

const linkClass = 'font-medium text-indigo-700 underline hover:text-indigo-900';

/** When and where an event is. */
export function EventFacts({
  event,
}: {
  event: Pick<StudentEvent, 'startsAt' | 'endsAt' | 'place' | 'onlineLink' | 'organiser' | 'job'>;
}) {
  return (
    <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm text-slate-800 sm:grid-cols-[auto_1fr]">
      <dt className="font-medium text-slate-600">When</dt>
      <dd>
        {localDateTime(event.startsAt)} to {localDateTime(event.endsAt)}
      </dd>
      {event.place && (
        <>
          <dt className="font-medium text-slate-600">Where</dt>
          <dd className="break-words">{event.place}</dd>
        </>
      )}
      {event.onlineLink && (
        <>
          <dt className="font-medium text-slate-600">Online</dt>
          <dd className="break-all">
            <a className={linkClass} href={event.onlineLink} target="_blank" rel="noreferrer">
              {event.onlineLink}
            </a>
          </dd>
        </>
      )}
      <dt className="font-medium text-slate-600">By</dt>
      <dd className="break-words">
        {event.organiser}
        {event.job ? ` · for ${event.job}` : ''}
      </dd>
    </dl>
  );
}

function EventCard({ event }: { event: StudentEvent }) {
  const register = useRegister();
  const cancel = useCancelRegistration();
  const [showCode, setShowCode] = useState(false);
  const mine = event.mine;
  const headingId = `event-${event.id}`;
  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="min-w-0 text-lg font-semibold break-words text-slate-900">
          {event.title}
        </h3>
        <Badge tone="info">{event.kind}</Badge>
      </div>
      <EventFacts event={event} />
      {event.description && <p className="mt-2 text-sm break-words text-slate-700">{event.description}</p>}
      {event.requiredToApply && event.job && (
        <p className="mt-2 text-sm font-medium text-amber-800">
          Attending is required to apply to {event.job}.
        </p>
      )}
      {event.cancelledAt ? (
        <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
          <p className="text-sm font-medium text-red-700">{messages.isCancelled}</p>
          {/* The file calls off the entry an earlier "Add to calendar" made (METHOD:CANCEL, same UID). */}
          {mine?.status === 'registered' && (
            <a className={`${linkClass} text-sm`} href={eventInviteHref(event.id)} download>
              {messages.removeFromCalendar}
            </a>
          )}
        </div>
      ) : (
        <div className="mt-3 space-y-3" aria-live="polite">
          {mine?.attendedAt ? (
            <p className="text-sm font-medium text-emerald-700">
              Attended: recorded {localDateTime(mine.attendedAt)}.
            </p>
          ) : mine?.status === 'registered' ? (
            <p className="text-sm font-medium text-emerald-700">You are registered.</p>
          ) : mine?.status === 'waiting' ? (
            <p className="text-sm font-medium text-amber-800">
              You are number {mine.position} on the waiting list; you will be told if a place opens.
            </p>
          ) : event.full ? (
            <p className="text-sm text-slate-700">The event is full: you may join the waiting list.</p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {mine === null ? (
              <Button
                disabled={register.isPending}
                onClick={() => register.mutate(event.id, { onSuccess: (message) => toast.success(message) })}
                aria-describedby={headingId}
              >
                {event.full ? 'Join the waiting list' : 'Register'}
              </Button>
            ) : (
              !mine.attendedAt && (
                <Button
                  variant="secondary"
                  disabled={cancel.isPending}
                  onClick={() => cancel.mutate(event.id, { onSuccess: (message) => toast.success(message) })}
                  aria-describedby={headingId}
                >
                  Cancel registration
                </Button>
              )
            )}
            {mine?.status === 'registered' && (
              <a className={`${linkClass} self-center text-sm`} href={eventInviteHref(event.id)} download>
                Add to calendar
              </a>
            )}
            {mine?.status === 'registered' && !mine.attendedAt && (
              <Button variant="secondary" onClick={() => setShowCode((s) => !s)} aria-expanded={showCode}>
                {showCode ? 'Hide attendance code' : 'Show attendance code'}
              </Button>
            )}
          </div>
          <FormAlert error={register.error ?? cancel.error} />
          {showCode && mine?.status === 'registered' && !mine.attendedAt && (
            <AttendanceQr id={event.id} title={event.title} />
          )}
        </div>
      )}
    </Card>
  );
}

/** The events open to the student: register, wait, cancel, add to the calendar, and show the code at the door. */
export function StudentEvents() {
  const list = useStudentEvents();
  if (list.isPending) return <LoadingBlock />;
  if (list.isError)
    return (
      <ErrorBlock
        message={errorMessage(list.error)}
        onRetry={() => void list.refetch()}
        retrying={list.isRefetching}
      />
    );
  if (list.data.length === 0) return <EmptyState>No event open to you right now.</EmptyState>;
  return (
    <div className="space-y-4">
      {list.data.map((event) => (
        <EventCard key={event.id} event={event} />
      ))}
    </div>
  );
}
