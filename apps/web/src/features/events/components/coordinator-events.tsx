import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCoordinatorEvents, useCoordinatorScan } from '../api/coordinator-events.ts';
import { Scanner } from './scanner.tsx';
import { EventFacts } from './student-events.tsx';

function DoorScanner({ id }: { id: string }) {
  return <Scanner scan={useCoordinatorScan(id)} />;
}

/**
 * A drive day's coordinator at the door: today's events of the companies they coordinate, each
 * with the scanner once chosen (the owners' pages hear of each attendance recorded here, and this
 * list of each registration and attendance, live). Nothing when there are none, unless `empty`
 * says what to show then.
 */
export function CoordinatorEvents({ empty }: { empty?: string }) {
  const list = useCoordinatorEvents();
  const [open, setOpen] = useState<string | null>(null);
  if (list.isPending) return <LoadingBlock />;
  if (list.isError)
    return (
      <ErrorBlock
        message={errorMessage(list.error)}
        onRetry={() => void list.refetch()}
        retrying={list.isRefetching}
      />
    );
  if (list.data.length === 0) return empty ? <EmptyState>{empty}</EmptyState> : null;
  return (
    <section aria-labelledby="door-events-heading" className="mt-8 space-y-4">
      <h2 id="door-events-heading" className="text-lg font-semibold text-slate-900">
        Events at the door today
      </h2>
      {list.data.map((event) => (
        <div key={event.id} className="space-y-3">
          <Card>
            <h3 className="font-semibold break-words text-slate-900">{event.title}</h3>
            <p className="text-sm text-slate-700">
              {event.kind} · {event.registered} registered · {event.attended} attended
            </p>
            <EventFacts event={event} />
            {open !== event.id && (
              <Button variant="secondary" className="mt-3" onClick={() => setOpen(event.id)}>
                Scan codes at {event.title}
              </Button>
            )}
          </Card>
          {open === event.id && <DoorScanner id={event.id} />}
        </div>
      ))}
    </section>
  );
}
