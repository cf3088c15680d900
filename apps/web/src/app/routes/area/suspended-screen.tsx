import { ui } from '@portal/contracts/messages';
import { Button } from '../../../components/ui/button.tsx';

/** A suspended account sees only this, over the whole screen. */
export function SuspendedScreen({ onSignOut, signingOut }: { onSignOut: () => void; signingOut: boolean }) {
  return (
    <main
      id="main"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-6 bg-slate-50 px-6 text-center"
    >
      <div
        className="flex size-14 items-center justify-center rounded-full bg-amber-100 text-2xl"
        aria-hidden="true"
      >
        !
      </div>
      <h1 className="max-w-md text-2xl font-semibold text-slate-900">{ui.suspendedScreen}</h1>
      <Button variant="secondary" onClick={onSignOut} isPending={signingOut}>
        Sign Out
      </Button>
    </main>
  );
}
