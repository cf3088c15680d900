import { policy } from '@portal/contracts/messages';
import type { Debarment } from '@portal/contracts/students';

/**
 * Tells a debarred student why and until when, in the placement cell's words (the same sentence
 * Apply answers with). Nothing while no debarment is in force.
 */
export function DebarmentNotice({ debarment }: { debarment: Debarment }) {
  if (!debarment) return null;
  return (
    <section
      aria-label="Debarment"
      className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900"
    >
      <p className="font-semibold">{policy.debarred(debarment.until, debarment.reason)}</p>
      <p className="mt-1">
        {debarment.until
          ? `You cannot apply to jobs until the end of ${debarment.until}.`
          : 'You cannot apply to jobs until the placement cell lifts the debarment.'}{' '}
        Contact the placement cell with any question.
      </p>
    </section>
  );
}
