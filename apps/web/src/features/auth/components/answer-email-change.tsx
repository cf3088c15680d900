import type { PendingEmailChange } from '@portal/contracts/email-change';
import { auth, emailChange } from '@portal/contracts/messages';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { describeEmailChange } from '../../../lib/email-change-text.ts';
import { useAnswerEmailChange } from '../api/answer-email-change.ts';
import { useCheckEmailChangeLink } from '../api/check-email-change-link.ts';

/** The server's answers that end this link or change for good: shown in place of the buttons. */
const finalRefusals: readonly string[] = [
  emailChange.invalidLink,
  emailChange.expiredLink,
  emailChange.usedLink,
  emailChange.replacedLink,
  emailChange.closedLink,
  emailChange.alreadyApproved,
  emailChange.taken,
  auth.suspended,
];

const refusalOf = (error: unknown) =>
  isApiError(error) && [400, 403, 409].includes(error.status) && finalRefusals.includes(error.message)
    ? error.message
    : null;

function Outcome({ message, ok }: { message: string; ok: boolean }) {
  return (
    <div className="space-y-4">
      <p
        role={ok ? 'status' : 'alert'}
        className={`rounded-lg border px-4 py-3 text-sm break-words ${
          ok ? 'border-green-200 bg-green-50 text-green-800' : 'border-red-200 bg-red-50 text-red-800'
        }`}
      >
        {message}
      </p>
      <Link to={paths.signin.student} className={ok ? buttonVariants.primary : buttonVariants.secondary}>
        {ok ? 'Sign in' : 'Back to Sign In'}
      </Link>
    </div>
  );
}

/** The change, and the two answers: each takes a press of its button, never the visit alone. */
function Answer({
  token,
  change,
  onOutcome,
}: {
  token: string;
  change: PendingEmailChange;
  onOutcome: (outcome: { message: string; ok: boolean }) => void;
}) {
  const answer = useAnswerEmailChange();
  const [pressed, setPressed] = useState<'Approve' | 'Decline' | null>(null);
  const approved = change.state === 'AwaitingConfirmation';

  const send = (decision: 'Approve' | 'Decline') => {
    setPressed(decision);
    answer.mutate(
      { token, decision },
      {
        onSuccess: (message) => {
          toast.success(message);
          onOutcome({ message, ok: true });
        },
        onError: (error) => {
          const refusal = refusalOf(error);
          if (refusal) onOutcome({ message: refusal, ok: false });
          else toast.error(errorMessage(error));
        },
      },
    );
  };

  return (
    <div className="space-y-4">
      <p className="text-sm break-words text-slate-800">{describeEmailChange(change)}</p>
      {!approved && <p className="text-sm text-slate-600">{emailChange.card.approveHint}</p>}
      <div className="flex flex-col gap-3 sm:flex-row">
        {!approved && (
          <Button
            className="w-full sm:w-auto"
            onClick={() => send('Approve')}
            isPending={answer.isPending && pressed === 'Approve'}
            disabled={answer.isPending}
          >
            {emailChange.card.approve}
          </Button>
        )}
        <Button
          variant="secondary"
          className="w-full sm:w-auto"
          onClick={() => send('Decline')}
          isPending={answer.isPending && pressed === 'Decline'}
          disabled={answer.isPending}
        >
          {approved || change.state === 'Waiting' ? emailChange.card.cancel : emailChange.card.decline}
        </Button>
      </div>
    </div>
  );
}

function CheckedLink({ token }: { token: string }) {
  const check = useCheckEmailChangeLink(token);
  const [outcome, setOutcome] = useState<{ message: string; ok: boolean } | null>(null);

  if (outcome) return <Outcome {...outcome} />;
  if (check.isPending) return <LoadingBlock />;
  if (check.isError) {
    const refusal = refusalOf(check.error);
    if (refusal) return <Outcome message={refusal} ok={false} />;
    return (
      <ErrorBlock
        message={errorMessage(check.error)}
        onRetry={() => void check.refetch()}
        retrying={check.isRefetching}
      />
    );
  }
  return <Answer token={token} change={check.data} onOutcome={setOutcome} />;
}

/**
 * The page the link sent to a student's current address opens: the change the placement cell asked
 * for, to approve or decline. `token` is empty when the link came without one.
 */
export function AnswerEmailChange({ token }: { token: string }) {
  if (token === '') return <Outcome message={emailChange.invalidLink} ok={false} />;
  return <CheckedLink token={token} />;
}
