import type { AccountStatus } from '@portal/contracts/common';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUpdateCompanyStatus } from '../api/update-company-status.ts';

type CompanyStatusControlProps = { id: string; company: string; status: AccountStatus };

/**
 * Suspend a company (asked to confirm first: its recruiters lose access at once) or allow a
 * suspended one again. The list and details refetch after.
 */
export function CompanyStatusControl({ id, company, status }: CompanyStatusControlProps) {
  const update = useUpdateCompanyStatus();
  const [confirming, setConfirming] = useState(false);

  const change = (role: 'Allowed' | 'Suspended') =>
    update.mutate(
      { id, role },
      {
        onSuccess: (message) => {
          toast.success(message);
          setConfirming(false);
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );

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

  if (confirming) {
    return (
      <div
        role="group"
        aria-label={`Confirm suspending ${company}`}
        className="flex flex-wrap items-center gap-2"
      >
        <p className="text-sm text-slate-700">Suspend {company}?</p>
        <Button variant="secondary" onClick={() => setConfirming(false)} disabled={update.isPending}>
          Cancel
        </Button>
        <Button
          className="bg-red-600 hover:bg-red-500 disabled:hover:bg-red-600"
          isPending={update.isPending}
          onClick={() => change('Suspended')}
          // The confirmation replaces the Suspend button; keep keyboard focus on it.
          autoFocus
        >
          Yes, suspend
        </Button>
      </div>
    );
  }

  return (
    <Button
      variant="ghost"
      className="hover:bg-red-50 hover:text-red-700"
      aria-label={`Suspend ${company}`}
      onClick={() => setConfirming(true)}
    >
      Suspend
    </Button>
  );
}
