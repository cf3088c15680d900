import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCoordinatorAssignments } from '../api/room-board.ts';

/** The days the signed-in account coordinates (today's first chosen), and the chosen day's board. */
export function CoordinatorDays({ children }: { children: (driveDayId: string) => ReactNode }) {
  const assignments = useCoordinatorAssignments();
  const [chosen, setChosen] = useState<string | null>(null);
  if (assignments.isPending) return <LoadingBlock />;
  if (assignments.isError)
    return (
      <ErrorBlock
        message={errorMessage(assignments.error)}
        onRetry={() => void assignments.refetch()}
        retrying={assignments.isRefetching}
      />
    );
  const list = assignments.data;
  if (list.length === 0) return <EmptyState>You coordinate no drive day from today on.</EmptyState>;
  const selected = chosen ?? list.find((a) => a.today)?.driveDayId ?? list[0]!.driveDayId;
  return (
    <div className="space-y-4">
      <nav aria-label="Days you coordinate" className="flex flex-wrap gap-2">
        {list.map((a) => (
          <Button
            key={a.driveDayId}
            variant={a.driveDayId === selected ? 'primary' : 'secondary'}
            aria-pressed={a.driveDayId === selected}
            onClick={() => setChosen(a.driveDayId)}
          >
            {a.today ? `Today (${a.date})` : a.date}: {a.scope.join(', ')}
          </Button>
        ))}
      </nav>
      {children(selected)}
    </div>
  );
}

/** On a coordinator's home: today's drive day they coordinate, with the way to its room board. */
export function CoordinatorToday({ boardHref }: { boardHref: string }) {
  const assignments = useCoordinatorAssignments();
  const today = (assignments.data ?? []).find((a) => a.today);
  if (!today) return null;
  return (
    <p className="mb-6 rounded-lg border border-indigo-200 bg-indigo-50 p-3 text-sm text-indigo-950">
      You coordinate today’s drive day ({today.scope.join(', ')}).{' '}
      <Link to={boardHref} className="font-semibold underline">
        Open the room board
      </Link>
    </p>
  );
}
