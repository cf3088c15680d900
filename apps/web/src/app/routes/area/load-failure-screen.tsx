import { Button } from '../../../components/ui/button.tsx';

type LoadFailureScreenProps = {
  message: string;
  onRetry: () => void;
  retrying: boolean;
  onSignOut: () => void;
  signingOut: boolean;
};

/** The area could not load the user's record (server down, network lost). */
export function LoadFailureScreen({
  message,
  onRetry,
  retrying,
  onSignOut,
  signingOut,
}: LoadFailureScreenProps) {
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">We could not load your account</h1>
      <p className="max-w-md text-sm text-slate-600">{message}</p>
      <div className="flex gap-3">
        <Button onClick={onRetry} isPending={retrying}>
          Try again
        </Button>
        <Button variant="secondary" onClick={onSignOut} isPending={signingOut}>
          Sign Out
        </Button>
      </div>
    </main>
  );
}
