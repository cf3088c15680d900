import { zodResolver } from '@hookform/resolvers/zod';
import { approveEmailChangeBody, type PendingEmailChange } from '@portal/contracts/email-change';
import { emailChange } from '@portal/contracts/messages';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { describeEmailChange } from '../../../lib/email-change-text.ts';
import { useApproveEmailChange, useDeclineEmailChange } from '../api/answer-email-change.ts';
import { useEmailChange } from '../api/get-email-change.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';

const { card } = emailChange;

/** Approving takes the student's current password: a session left open is not consent. */
function ApproveForm({ change }: { change: PendingEmailChange }) {
  const approve = useApproveEmailChange();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(approveEmailChangeBody), defaultValues: { currentPassword: '' } });

  const onSubmit = handleSubmit((values) =>
    approve.mutate(
      { id: change._id, ...values },
      {
        onSuccess: (message) => {
          toast.success(message);
          reset();
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3">
      <TextField
        label="Current Password"
        type="password"
        autoComplete="current-password"
        hint={card.approveHint}
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <FormAlert error={approve.error} />
      <Button type="submit" isPending={approve.isPending}>
        {card.approve}
      </Button>
    </form>
  );
}

function ChangeCard({ change }: { change: PendingEmailChange }) {
  const headingId = useId();
  const decline = useDeclineEmailChange();
  const [confirming, setConfirming] = useState(false);
  const approved = change.state === 'AwaitingConfirmation';
  const declineLabel = approved || change.state === 'Waiting' ? card.cancel : card.decline;

  const onDecline = () =>
    decline.mutate(change._id, {
      onSuccess: (message) => toast.success(message),
      onSettled: () => setConfirming(false),
    });

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-amber-300 bg-amber-50 p-5 shadow-sm sm:p-6"
    >
      <h3 id={headingId} className="mb-2 text-sm font-semibold text-slate-900">
        {card.heading}
      </h3>
      <p className="mb-4 text-sm break-words text-slate-800">{describeEmailChange(change)}</p>
      <div className="space-y-4">
        {!approved && <ApproveForm change={change} />}
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          {declineLabel}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={declineLabel}
        confirmLabel={card.keepCurrent}
        onConfirm={onDecline}
        onCancel={() => setConfirming(false)}
        isPending={decline.isPending}
      >
        {card.confirmDecline}
      </ConfirmDialog>
    </section>
  );
}

/**
 * On the student's Profile page while the placement cell's change of their sign-in email is under
 * way: what it is, approve (with the password) or decline it. Nothing shows otherwise.
 */
export function EmailChangeCard() {
  const change = useEmailChange();
  return change.data ? <ChangeCard change={change.data} /> : null;
}
