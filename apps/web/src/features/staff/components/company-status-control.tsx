import { type CompanyStatus, reason as reasonSchema } from '@portal/contracts/common';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField } from '../../../components/ui/field.tsx';
import { useUpdateCompanyStatus } from '../api/update-company-status.ts';

type CompanyStatusControlProps = { id: string; company: string; status: CompanyStatus };

/** A decision staff confirm first, with an optional reason the company is shown. */
type Decision = 'approve' | 'reject' | 'suspend';

const decisions: Record<Decision, { role: CompanyStatus; verb: string; confirm: string; danger: boolean }> = {
  approve: { role: 'Allowed', verb: 'Approve', confirm: 'Yes, approve', danger: false },
  reject: { role: 'Rejected', verb: 'Reject', confirm: 'Yes, reject', danger: true },
  suspend: { role: 'Suspended', verb: 'Suspend', confirm: 'Yes, suspend', danger: true },
};

const dangerClass = 'bg-red-600 hover:bg-red-500 disabled:hover:bg-red-600';

/**
 * What staff may decide about a company, by its status: approve or reject one awaiting approval,
 * approve a rejected one after all, suspend an approved one (its recruiters lose access at once) or
 * allow a suspended one again. Each decision but allowing again is confirmed first, with an
 * optional reason; the list and details refetch after.
 */
export function CompanyStatusControl({ id, company, status }: CompanyStatusControlProps) {
  const update = useUpdateCompanyStatus();
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();

  const close = () => {
    setDeciding(null);
    setReason('');
    setReasonError(undefined);
  };

  const change = (role: CompanyStatus, text = '') => {
    const parsed = reasonSchema.safeParse(text);
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message);
      return;
    }
    update.mutate(
      { id, role, reason: parsed.data },
      {
        onSuccess: (message) => {
          toast.success(message);
          close();
        },
      },
    );
  };

  if (deciding) {
    const decision = decisions[deciding];
    return (
      <div
        role="group"
        aria-label={`${decision.verb} ${company}`}
        className="w-full space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
      >
        <p className="text-sm font-medium text-slate-900">
          {decision.verb} {company}?
        </p>
        <TextAreaField
          label="Reason (optional)"
          hint="Shown to the company and kept in its history."
          rows={2}
          maxLength={500}
          value={reason}
          error={reasonError}
          onChange={(event) => {
            setReason(event.target.value);
            setReasonError(undefined);
          }}
          // The form replaces the button that opened it; keep keyboard focus in it.
          autoFocus
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={close} disabled={update.isPending}>
            Cancel
          </Button>
          <Button
            className={decision.danger ? dangerClass : ''}
            isPending={update.isPending}
            onClick={() => change(decision.role, reason)}
          >
            {decision.confirm}
          </Button>
        </div>
      </div>
    );
  }

  const open = (decision: Decision) => setDeciding(decision);

  if (status === 'Suspended') {
    return (
      <Button
        variant="secondary"
        aria-label={`Allow ${company}`}
        isPending={update.isPending}
        onClick={() => change('Allowed')}
      >
        Allow
      </Button>
    );
  }

  if (status === 'Pending' || status === 'Rejected') {
    return (
      <div className="flex flex-wrap gap-2">
        <Button aria-label={`Approve ${company}`} onClick={() => open('approve')}>
          Approve
        </Button>
        {status === 'Pending' && (
          <Button
            variant="ghost"
            className="hover:bg-red-50 hover:text-red-700"
            aria-label={`Reject ${company}`}
            onClick={() => open('reject')}
          >
            Reject
          </Button>
        )}
      </div>
    );
  }

  return (
    <Button
      variant="ghost"
      className="hover:bg-red-50 hover:text-red-700"
      aria-label={`Suspend ${company}`}
      onClick={() => open('suspend')}
    >
      Suspend
    </Button>
  );
}
