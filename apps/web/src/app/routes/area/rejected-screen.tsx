import { approval } from '@portal/contracts/messages';
import { Button } from '../../../components/ui/button.tsx';
import type { SignOutControl } from './area-shell.tsx';

/** A company the placement cell turned down sees only this: why, and a way to sign out. */
export function RejectedScreen({ reason, onSignOut, signingOut }: { reason: string } & SignOutControl) {
  return (
    <main
      id="main"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-6 overflow-y-auto bg-slate-50 px-6 py-10 text-center"
    >
      <div
        className="flex size-14 shrink-0 items-center justify-center rounded-full bg-red-100 text-2xl text-red-700"
        aria-hidden="true"
      >
        !
      </div>
      <h1 className="max-w-md text-2xl font-semibold text-slate-900">{approval.rejected}</h1>
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white px-5 py-4 text-left">
        <p className="text-sm font-medium text-slate-700">{approval.reasonLabel}</p>
        <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-900">
          {reason || approval.noReason}
        </p>
      </div>
      <Button variant="secondary" onClick={onSignOut} isPending={signingOut}>
        Sign Out
      </Button>
    </main>
  );
}
