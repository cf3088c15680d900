import { reason as reasonSchema } from '@portal/contracts/common';
import { companyNames } from '@portal/contracts/messages';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField } from '../../../components/ui/field.tsx';
import { datePart } from '../../../lib/dates.ts';
import { useDecideCompanyName } from '../api/decide-company-name.ts';

type CompanyNameDecisionProps = {
  id: string;
  /** The name in force, which students see until staff approve the new one. */
  company: string;
  pendingName: string;
  pendingNameAt: string | null;
  /** This college approved it; another college that approved the company has still to. */
  approvedHere?: boolean;
};

type Decision = 'Approved' | 'Rejected';

const choices: Record<Decision, { verb: string; confirm: string }> = {
  Approved: { verb: 'Approve', confirm: 'Yes, approve the name' },
  Rejected: { verb: 'Reject', confirm: 'Yes, reject the name' },
};

/**
 * The new name an approved company asked for, with staff's approve or reject (confirmed first, with
 * an optional reason the company is shown). The decision names the name shown, so a name the company
 * replaced meanwhile is never approved unseen.
 */
export function CompanyNameDecision({
  id,
  company,
  pendingName,
  pendingNameAt,
  approvedHere = false,
}: CompanyNameDecisionProps) {
  const decide = useDecideCompanyName();
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();

  const close = () => {
    setDeciding(null);
    setReason('');
    setReasonError(undefined);
  };

  const send = (decision: Decision) => {
    const parsed = reasonSchema.safeParse(reason);
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message);
      return;
    }
    decide.mutate(
      { id, decision, name: pendingName, reason: parsed.data },
      {
        onSuccess: (message) => {
          toast.success(message);
          close();
        },
      },
    );
  };

  return (
    <section
      aria-label={`${companyNames.pendingLabel} for ${company}`}
      className="mt-3 space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <div>
        <p className="text-sm">
          <span className="font-medium">{companyNames.pendingLabel}:</span>{' '}
          <strong className="break-words">{pendingName}</strong>
        </p>
        <p className="mt-1 text-xs">
          {pendingNameAt ? (
            <>
              Asked for on <span className="tabular-nums">{datePart(pendingNameAt)}</span>.{' '}
            </>
          ) : null}
          {approvedHere
            ? `${companyNames.approvedHereNote} Until then they see ${company}.`
            : `Students see the company as ${company} until you approve it.`}
        </p>
      </div>
      {deciding ? (
        <div
          role="group"
          aria-label={`${choices[deciding].verb} the name ${pendingName}`}
          className="space-y-3"
        >
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
            <Button variant="secondary" onClick={close} disabled={decide.isPending}>
              Cancel
            </Button>
            <Button
              className={
                deciding === 'Rejected' ? 'bg-red-600 hover:bg-red-500 disabled:hover:bg-red-600' : ''
              }
              isPending={decide.isPending}
              onClick={() => send(deciding)}
            >
              {choices[deciding].confirm}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          {/* Approved here, the name waits for another college; this college may still refuse it. */}
          {approvedHere ? null : (
            <Button aria-label={`Approve the name ${pendingName}`} onClick={() => setDeciding('Approved')}>
              Approve name
            </Button>
          )}
          <Button
            variant="secondary"
            aria-label={`Reject the name ${pendingName}`}
            onClick={() => setDeciding('Rejected')}
          >
            Reject name
          </Button>
        </div>
      )}
    </section>
  );
}
