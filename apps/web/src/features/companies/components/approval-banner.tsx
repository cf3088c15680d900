import { approval } from '@portal/contracts/messages';

/** Over every page of a company the placement cell has not approved yet: what it may do meanwhile. */
export function ApprovalBanner() {
  return (
    <div role="status" className="rounded-2xl border border-amber-300 bg-amber-50 px-5 py-4 text-amber-900">
      <p className="text-sm font-semibold">{approval.awaiting}</p>
      <p className="mt-1 text-sm">{approval.awaitingDetail}</p>
    </div>
  );
}
