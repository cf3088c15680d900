import { ui } from '@portal/contracts/messages';
import { Button } from './button.tsx';
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
