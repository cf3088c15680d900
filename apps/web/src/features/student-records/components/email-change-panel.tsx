import type { PendingEmailChange } from '@portal/contracts/email-change';
import { emailChange } from '@portal/contracts/messages';
import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { datePart, shortDateTime } from '../../../lib/dates.ts';
import { useMarkLostAddress, useSecondApproveEmailChange } from '../api/email-change-steps.ts';

const { staffPanel, state } = emailChange;

/** Where the change stands, as staff read it. */
function describe(change: PendingEmailChange): string {
  switch (change.state) {
    case 'AwaitingStudent':
      return state.AwaitingStudent(change.newEmail);
    case 'AwaitingSecondApproval':
      return state.AwaitingSecondApproval(change.newEmail, change.lostAddressMarkedBy);
    case 'Waiting':
      return state.Waiting(change.newEmail, change.dueAt ? shortDateTime(change.dueAt) : '');
    case 'AwaitingConfirmation':
      return state.AwaitingConfirmation(change.newEmail);
  }
}

/**
 * The change of the student's sign-in email under way, on the staff's record page, with the steps
 * for a student who cannot reach the current address: one staff member marks it, another approves.
 */
export function EmailChangePanel({ change }: { change: PendingEmailChange }) {
  const headingId = useId();
  const mark = useMarkLostAddress();
  const approve = useSecondApproveEmailChange();
  const [confirming, setConfirming] = useState<'mark' | 'approve' | null>(null);
  const done = {
    onSuccess: (message: string) => toast.success(message),
    onSettled: () => setConfirming(null),
  };

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-amber-300 bg-amber-50 p-5 shadow-sm sm:p-6"
    >
      <h3 id={headingId} className="mb-1 text-sm font-semibold text-slate-900">
        {staffPanel.heading}
      </h3>
      <p className="mb-1 text-sm break-words text-slate-800">{describe(change)}</p>
      <p className="text-sm text-slate-600">
        Asked for by {change.requestedBy} on {datePart(change.requestedAt)}
        {change.secondApprovedBy ? `; approved by ${change.secondApprovedBy}` : ''}.
      </p>
      {change.state === 'AwaitingStudent' && (
        <div className="mt-4 space-y-2">
          <p className="text-sm text-slate-600">{staffPanel.markLostAddressHint}</p>
          <Button variant="secondary" onClick={() => setConfirming('mark')}>
            {staffPanel.markLostAddress}
          </Button>
        </div>
      )}
      {change.state === 'AwaitingSecondApproval' && (
        <Button className="mt-4" onClick={() => setConfirming('approve')}>
          {staffPanel.secondApprove}
        </Button>
      )}
      <ConfirmDialog
        open={confirming === 'mark'}
        title={staffPanel.markLostAddress}
        confirmLabel="Mark it"
        onConfirm={() => mark.mutate(change._id, done)}
        onCancel={() => setConfirming(null)}
        isPending={mark.isPending}
      >
        {staffPanel.confirmMarkLostAddress}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'approve'}
        title={staffPanel.secondApprove}
        confirmLabel="Approve"
        onConfirm={() => approve.mutate(change._id, done)}
        onCancel={() => setConfirming(null)}
        isPending={approve.isPending}
      >
        {staffPanel.confirmSecondApprove(change.newEmail)}
      </ConfirmDialog>
    </section>
  );
}
