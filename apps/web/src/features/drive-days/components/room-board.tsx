import {
  type BoardAction,
  type BoardEntry,
  type BoardPanel,
  type BoardResult,
  undoableTap,
} from '@portal/contracts/drive-days';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { localDateTime } from '../../../lib/dates.ts';
import { type BoardViewer, useBoardTap, useCoordinatorNoShow, useRoomBoard } from '../api/room-board.ts';
import { ReasonButton } from './reason-button.tsx';

const stateLabels: Record<BoardEntry['state'], string> = {
  expected: 'Not arrived',
  waiting: 'Waiting',
  'in-room': 'In the room',
  done: 'Done',
  'no-show': 'Absent',
};
const undoLabels: Record<Exclude<BoardAction, 'undo'>, string> = {
  'check-in': 'the check-in',
  'call-in': 'the call-in',
  'check-out': 'the check-out',
};
const resultLabels: Record<BoardResult, string> = { 'next-stage': 'next stage', rejected: 'rejected' };
const stateClass: Record<BoardEntry['state'], string> = {
  expected: 'bg-slate-100 text-slate-800',
  waiting: 'bg-amber-100 text-amber-900',
  'in-room': 'bg-indigo-100 text-indigo-900',
  done: 'bg-emerald-100 text-emerald-900',
  'no-show': 'bg-rose-100 text-rose-900',
};

function Entry({
  entry,
  dayId,
  viewer,
  entersResults,
  next,
}: {
  entry: BoardEntry;
  dayId: string;
  viewer: BoardViewer;
  entersResults: boolean;
  next: boolean;
}) {
  const tap = useBoardTap(viewer);
  const noShow = useCoordinatorNoShow();
  const send = (action: BoardAction, result: BoardResult | null = null) =>
    tap.mutate(
      { id: dayId, itemId: entry.interviewId, body: { action, result } },
      { onSuccess: (message) => toast.success(message) },
    );
  const who = entry.student;
  const undoable = undoableTap(entry.state, entry.result !== null);
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-2">
      <div className="min-w-0 flex-1 basis-48">
        <p className="font-medium break-words text-slate-900">
          {who}
          {next && <span className="ml-2 text-sm font-semibold text-amber-800">Next</span>}
        </p>
        <p className="text-sm text-slate-700">
          Expected <time dateTime={entry.expected}>{localDateTime(entry.expected)}</time>
          {entry.result && ` · Result: ${resultLabels[entry.result.result]} (${entry.result.by})`}
          {entry.noShow && ` · ${entry.noShow}`}
        </p>
      </div>
      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${stateClass[entry.state]}`}>
        {stateLabels[entry.state]}
      </span>
      <div className="flex flex-wrap gap-2">
        {entry.state === 'expected' && (
          <>
            <Button disabled={tap.isPending} onClick={() => send('check-in')} aria-label={`Check in ${who}`}>
              Check in
            </Button>
            {viewer === 'coordinator' && (
              <ReasonButton
                label="Mark no-show"
                fieldLabel={`Why ${who} is marked absent`}
                pending={noShow.isPending}
                onSend={(reason) =>
                  noShow.mutate(
                    { id: dayId, itemId: entry.interviewId, reason },
                    { onSuccess: (m) => toast.success(m) },
                  )
                }
              />
            )}
          </>
        )}
        {entry.state === 'waiting' && (
          <Button disabled={tap.isPending} onClick={() => send('call-in')} aria-label={`Call in ${who}`}>
            Call in
          </Button>
        )}
        {entry.state === 'in-room' &&
          (entersResults ? (
            <>
              <Button
                disabled={tap.isPending}
                onClick={() => send('check-out', 'next-stage')}
                aria-label={`Check out ${who} to the next stage`}
              >
                Next stage
              </Button>
              <Button
                variant="secondary"
                disabled={tap.isPending}
                onClick={() => send('check-out', 'rejected')}
                aria-label={`Check out ${who} rejected`}
              >
                Reject
              </Button>
              <Button
                variant="ghost"
                disabled={tap.isPending}
                onClick={() => send('check-out')}
                aria-label={`Check out ${who} without a result`}
              >
                No result yet
              </Button>
            </>
          ) : (
            <Button
              disabled={tap.isPending}
              onClick={() => send('check-out')}
              aria-label={`Check out ${who}`}
            >
              Check out
            </Button>
          ))}
        {undoable && (
          <Button
            variant="ghost"
            disabled={tap.isPending}
            onClick={() => send('undo')}
            aria-label={`Undo ${undoLabels[undoable]} of ${who}`}
          >
            Undo
          </Button>
        )}
      </div>
    </li>
  );
}

function Panel({
  panel,
  dayId,
  viewer,
  entersResults,
}: {
  panel: BoardPanel;
  dayId: string;
  viewer: BoardViewer;
  entersResults: boolean;
}) {
  const headingId = `panel-${panel.panelId}`;
  const inside = panel.entries.find((e) => e.state === 'in-room');
  const next = panel.entries.find((e) => e.interviewId === panel.nextId);
  const waiting = panel.entries.filter((e) => e.state === 'waiting').length;
  return (
    <Card>
      <section aria-labelledby={headingId}>
        <h3 id={headingId} className="text-lg font-semibold break-words text-slate-900">
          {panel.company}, {panel.place}
        </h3>
        <p className="text-sm text-slate-700">
          {panel.role} · {panel.stage}
          {panel.closedFrom && ` · closed from ${panel.closedFrom}`}
        </p>
        {panel.lateMinutes > 0 && (
          <p className="mt-1 text-sm font-semibold text-amber-800">
            Running {panel.lateMinutes} minutes late: the expected times include it.
          </p>
        )}
        <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="font-medium text-slate-600">In the room</dt>
            <dd className="text-slate-900">{inside?.student ?? 'Nobody'}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-600">Next</dt>
            <dd className="text-slate-900">{next?.student ?? 'Nobody waiting'}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-600">Waiting</dt>
            <dd className="text-slate-900">{waiting}</dd>
          </div>
        </dl>
        {panel.entries.length === 0 ? (
          <p className="mt-3 text-sm text-slate-700">No interviews on this panel.</p>
        ) : (
          <ol
            aria-label={`${panel.company}, ${panel.place}: students`}
            className="mt-3 divide-y divide-slate-100"
          >
            {panel.entries.map((e) => (
              <Entry
                key={e.interviewId}
                entry={e}
                dayId={dayId}
                viewer={viewer}
                entersResults={entersResults}
                next={e.interviewId === panel.nextId}
              />
            ))}
          </ol>
        )}
      </section>
    </Card>
  );
}

/**
 * The room board of a published day as one viewer sees it: every panel of theirs with who is in the
 * room, who is next, who waits and who is done, and the one-tap steps. It refreshes itself on the
 * `board` live event.
 */
export function RoomBoardView({ viewer, id }: { viewer: BoardViewer; id: string }) {
  const board = useRoomBoard(viewer, id);
  if (board.isPending) return <LoadingBlock />;
  if (board.isError)
    return (
      <ErrorBlock
        message={errorMessage(board.error)}
        onRetry={() => void board.refetch()}
        retrying={board.isRefetching}
      />
    );
  const b = board.data;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        Drive day {b.day.date}.{' '}
        {b.entersResults
          ? 'Check students in, call them in, and check them out with a result: the result moves the application.'
          : 'Check students in, call them in and check them out; the company enters the result.'}
      </p>
      {b.panels.length === 0 ? (
        <EmptyState>No panel on this board for you.</EmptyState>
      ) : (
        b.panels.map((p) => (
          <Panel key={p.panelId} panel={p} dayId={b.day.id} viewer={viewer} entersResults={b.entersResults} />
        ))
      )}
    </div>
  );
}
