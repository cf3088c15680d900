import { ui } from '@portal/contracts/messages';
import { Spinner } from './spinner.tsx';

export function LoadingOverlay() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 bg-white/80 backdrop-blur-sm"
    >
      <Spinner className="size-8 text-indigo-600" />
      <p className="text-sm font-medium text-slate-700">{ui.loading}</p>
    </div>
  );
}
