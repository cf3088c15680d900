import { ui } from '@portal/contracts/messages';
import { Link } from 'react-router';
import { errorMessage, isApiError } from '../../lib/api-client.ts';
import { Button, buttonVariants } from './button.tsx';
import { EmptyState } from './empty-state.tsx';
import { Spinner } from './spinner.tsx';

/** A list or section that is still loading. */
export function LoadingBlock() {
  return (
    <p role="status" className="flex items-center justify-center gap-2 py-12 text-sm text-slate-600">
      <Spinner className="size-5 text-indigo-600" />
      {ui.loading}
    </p>
  );
}

/** A list or section that could not load, with a retry. */
export function ErrorBlock({
  message,
  onRetry,
  retrying,
}: {
  message: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-red-200 bg-red-50 px-6 py-8 text-center">
      <p role="alert" className="text-sm text-red-800">
        {message}
      </p>
      <Button variant="secondary" onClick={onRetry} isPending={retrying}>
        Try again
      </Button>
    </div>
  );
}

type RecordErrorProps = {
  /** The failed query: its error, and the refetch its retry runs. */
  query: { error: unknown; refetch: () => Promise<unknown>; isRefetching: boolean };
  /** What the page says when the id names no record. */
  notFound: string;
  /** The list the record came from, for the way back. */
  back: { to: string; label: string };
};

/** A record that could not load: one that does not exist says so with the way back; anything else can retry. */
export function RecordError({ query, notFound, back }: RecordErrorProps) {
  const { error } = query;
  // A malformed id is refused as 400 before the lookup; to the reader both mean the same.
  if (isApiError(error) && (error.status === 404 || error.status === 400)) {
    return (
      <EmptyState>
        <p className="font-medium text-slate-900">{notFound}</p>
        <Link to={back.to} className={`${buttonVariants.secondary} mt-4`}>
          {back.label}
        </Link>
      </EmptyState>
    );
  }
  return (
    <ErrorBlock
      message={errorMessage(error)}
      onRetry={() => void query.refetch()}
      retrying={query.isRefetching}
    />
  );
}
