import type { OutboxEmail } from '@portal/contracts/mail';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { localDateTime } from '../../../lib/dates.ts';
import { useOutbox } from '../api/get-outbox.ts';
import { LinkedText } from './linked-text.tsx';

const attemptsText = (attempts: number) => `${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}`;

function OutboxItem({ email }: { email: OutboxEmail }) {
  const headingId = `outbox-${email._id}`;
  return (
    <Card>
      <article aria-labelledby={headingId}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={headingId} className="font-semibold break-words text-slate-900">
              {email.subject}
            </h2>
            <p className="text-sm break-words text-slate-600">To {email.to}</p>
            <p className="mt-1 text-xs text-slate-500">
              Created <time dateTime={email.createdAt}>{localDateTime(email.createdAt)}</time>
            </p>
          </div>
          {email.sentAt !== null ? (
            <Badge tone="success">Sent</Badge>
          ) : email.failedAt !== null ? (
            <Badge tone="danger">Given up after {attemptsText(email.attempts)}</Badge>
          ) : (
            <Badge tone="warning">Waiting ({attemptsText(email.attempts)})</Badge>
          )}
        </div>
        {email.sentAt === null && email.lastError && (
          <p className="mt-2 text-sm break-words text-red-700">Last error: {email.lastError}</p>
        )}
        <pre className="mt-4 overflow-x-auto rounded-lg bg-slate-50 p-4 font-mono text-sm whitespace-pre-wrap text-slate-800">
          <LinkedText text={email.text} />
        </pre>
      </article>
    </Card>
  );
}

/** The emails the server queued, newest first (as it sends them), with the links in them ready to follow. */
export function OutboxList() {
  const outbox = useOutbox();

  let content;
  if (outbox.isPending) content = <LoadingBlock />;
  else if (outbox.isError) {
    content =
      isApiError(outbox.error) && outbox.error.status === 404 ? (
        <EmptyState>The outbox is only available while the server runs in development.</EmptyState>
      ) : (
        <ErrorBlock
          message={errorMessage(outbox.error)}
          onRetry={() => void outbox.refetch()}
          retrying={outbox.isRefetching}
        />
      );
  } else if (outbox.data.length === 0) content = <EmptyState>No emails yet.</EmptyState>;
  else {
    content = (
      <ul className="space-y-4">
        {outbox.data.map((email) => (
          <li key={email._id}>
            <OutboxItem email={email} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <Button variant="secondary" onClick={() => void outbox.refetch()} isPending={outbox.isFetching}>
          Refresh
        </Button>
      </div>
      {content}
    </div>
  );
}
