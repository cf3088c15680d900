import type { StudentDriveDay } from '@portal/contracts/drive-days';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { localDateTime } from '../../../lib/dates.ts';
import { inviteHref, useBookSlot, useSaveRanking, useStudentDriveDays } from '../api/student-drive-days.ts';

const linkClass = 'font-medium text-indigo-700 underline hover:text-indigo-900';

function Ranking({ day }: { day: StudentDriveDay }) {
  const [order, setOrder] = useState(day.ranking);
  const save = useSaveRanking();
  const move = (from: number, to: number) => {
    const next = [...order];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    setOrder(next);
  };
  return (
    <section aria-labelledby={`rank-${day.day.id}`} className="mt-4">
      <h4 id={`rank-${day.day.id}`} className="font-semibold text-slate-900">
        Rank your companies
      </h4>
      <p className="text-sm text-slate-700">
        Until {localDateTime(day.day.rankingCutoff)}: the allotment tries your first choice first.
      </p>
      <ol className="mt-2 space-y-2">
        {order.map((r, i) => (
          <li key={r.applicationId} className="flex flex-wrap items-center gap-2 text-sm text-slate-900">
            <span className="min-w-0 flex-1 break-words">
              {i + 1}. {r.title}
            </span>
            <Button
              variant="ghost"
              disabled={i === 0}
              onClick={() => move(i, i - 1)}
              aria-label={`Move ${r.title} up`}
            >
              Up
            </Button>
            <Button
              variant="ghost"
              disabled={i === order.length - 1}
              onClick={() => move(i, i + 1)}
              aria-label={`Move ${r.title} down`}
            >
              Down
            </Button>
          </li>
        ))}
      </ol>
      <div className="mt-2 space-y-2">
        <Button
          disabled={save.isPending}
          onClick={() =>
            save.mutate(
              { id: day.day.id, applicationIds: order.map((r) => r.applicationId) },
              { onSuccess: (message) => toast.success(message) },
            )
          }
        >
          Save ranking
        </Button>
        <FormAlert error={save.error} />
      </div>
    </section>
  );
}

function Booking({ day }: { day: StudentDriveDay }) {
  const book = useBookSlot();
  return (
    <section aria-label="Book a slot" className="mt-4 space-y-3">
      {day.booking.map((b) => (
        <div key={b.panelId}>
          <h4 className="font-semibold text-slate-900">Book a slot: {b.title}</h4>
          <p className="text-sm text-slate-700">
            {b.place} · book or rebook until {localDateTime(b.bookingDeadline)}
          </p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {b.slots.map((s) => (
              <li key={s.slot}>
                <Button
                  variant="secondary"
                  disabled={!s.free || book.isPending}
                  onClick={() =>
                    book.mutate(
                      { id: day.day.id, panelId: b.panelId, slot: s.slot },
                      { onSuccess: (message) => toast.success(message) },
                    )
                  }
                >
                  {localDateTime(s.start)}
                  {s.free ? '' : ' (taken)'}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <FormAlert error={book.error} />
    </section>
  );
}

/**
 * "You are next at Globex, Room 2, in about 10 minutes": shown while the student is the next one
 * waiting for a panel. The board's live event refetches the days, so it appears and changes
 * without a reload; a status region reads the change out.
 */
export function YouAreNext() {
  const days = useStudentDriveDays();
  const next = days.data?.next ?? [];
  return (
    <div role="status" aria-live="polite" className={next.length ? 'mb-6' : ''}>
      {next.map((n) => (
        <p
          key={n.interviewId}
          className="mb-2 rounded-lg border border-amber-300 bg-amber-50 p-3 font-semibold text-amber-950"
        >
          {n.message}
        </p>
      ))}
    </div>
  );
}

/** A student's drive days: their interviews (with calendar files), ranking, booking and any penalty. */
export function StudentDriveDays() {
  const days = useStudentDriveDays();
  if (days.isPending) return <LoadingBlock />;
  if (days.isError)
    return (
      <ErrorBlock
        message={errorMessage(days.error)}
        onRetry={() => void days.refetch()}
        retrying={days.isRefetching}
      />
    );
  const { penalty } = days.data;
  return (
    <div className="space-y-6">
      {penalty.explanation && (
        <Card>
          <h3 className="font-semibold text-slate-900">No-shows</h3>
          <p className="mt-1 text-sm text-slate-800" data-testid="penalty">
            {penalty.explanation}
          </p>
          <ul className="mt-2 list-disc pl-5 text-sm text-slate-700">
            {penalty.noShows.map((n) => (
              <li key={n.id}>
                {n.company}, {n.role}: {n.reason}
                {n.waived ? ` (waived: ${n.waived.reason})` : ''}
              </li>
            ))}
          </ul>
        </Card>
      )}
      {days.data.days.length === 0 && <EmptyState>No drive day for you yet.</EmptyState>}
      {days.data.days.map((day) => (
        <Card key={day.day.id}>
          <h3 className="text-lg font-semibold text-slate-900">Drive day {day.day.date}</h3>
          {day.interviews.length > 0 ? (
            <ul aria-label={`Your interviews on ${day.day.date}`} className="mt-3 space-y-3">
              {day.interviews.map((i) => (
                <li key={i.id} className="rounded-lg border border-slate-200 p-3 text-sm">
                  <p className="font-medium break-words text-slate-900">
                    {i.stage} — {i.role} at {i.company}
                  </p>
                  <p className="text-slate-700">
                    <time dateTime={i.start}>{localDateTime(i.start)}</time> to{' '}
                    <time dateTime={i.end}>{localDateTime(i.end)}</time> · {i.place}
                  </p>
                  {i.noShow && <p className="text-red-800">Marked absent: {i.noShow.reason}</p>}
                  <a className={linkClass} href={inviteHref(i.id)} download>
                    Add to calendar
                    <span className="sr-only">
                      : {i.role} at {i.company}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-slate-700">
              {day.day.status === 'published'
                ? 'No interview was allotted to you on this day.'
                : 'Times are published after the ranking closes.'}
            </p>
          )}
          {day.rankingOpen && day.ranking.length > 0 && <Ranking day={day} />}
          {day.booking.length > 0 && <Booking day={day} />}
        </Card>
      ))}
    </div>
  );
}
