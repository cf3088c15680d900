import type { Role } from '@portal/contracts/common';
import { auth, emailChange } from '@portal/contracts/messages';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { roleRoutes } from '../../../config/paths.ts';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { useConfirmEmailChange } from '../api/confirm-email-change.ts';

/** The server's answers that end this link for good: show them in place of the button. */
const finalRefusals: readonly string[] = [
  emailChange.invalidLink,
  emailChange.expiredLink,
  emailChange.usedLink,
  emailChange.replacedLink,
  emailChange.closedLink,
  emailChange.taken,
  auth.suspended,
];

const refusalOf = (error: unknown) =>
  isApiError(error) && [400, 403, 409].includes(error.status) && finalRefusals.includes(error.message)
    ? error.message
    : null;

function Outcome({ role, message, ok }: { role: Role; message: string; ok: boolean }) {
  return (
    <div className="space-y-4">
      <p
        role={ok ? 'status' : 'alert'}
        className={`rounded-lg border px-4 py-3 text-sm ${
          ok ? 'border-green-200 bg-green-50 text-green-800' : 'border-red-200 bg-red-50 text-red-800'
        }`}
      >
        {message}
      </p>
      <Link to={roleRoutes[role].signin} className={ok ? buttonVariants.primary : buttonVariants.secondary}>
        {ok ? 'Sign in' : 'Back to Sign In'}
      </Link>
    </div>
  );
}

/**
 * The page the link sent to a new email address opens. Confirming takes a press of the button, not
 * just the visit: mail scanners open links to look at them. `token` is empty when the link came
 * without one.
 */
export function ConfirmEmailChange({ role, token }: { role: Role; token: string }) {
  const confirm = useConfirmEmailChange(role);
  const [outcome, setOutcome] = useState<{ message: string; ok: boolean } | null>(
    token === '' ? { message: emailChange.invalidLink, ok: false } : null,
  );

  if (outcome) return <Outcome role={role} {...outcome} />;

  const onConfirm = () =>
    confirm.mutate(
      { token },
      {
        onSuccess: (message) => {
          toast.success(message);
          setOutcome({ message, ok: true });
        },
        onError: (error) => {
          const refusal = refusalOf(error);
          if (refusal) setOutcome({ message: refusal, ok: false });
          else toast.error(errorMessage(error));
        },
      },
    );

  return (
    <Button className="w-full" onClick={onConfirm} isPending={confirm.isPending}>
      Confirm my new email address
    </Button>
  );
}
