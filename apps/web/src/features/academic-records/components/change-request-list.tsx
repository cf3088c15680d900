import {
  type AcademicChangeRequest,
  type ChangeRequestStatus,
  changeRequestStatuses,
} from '@portal/contracts/academic-records';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { AcademicChanges } from '../../../components/ui/academic-changes.tsx';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { detailHref, paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { localDateTime } from '../../../lib/dates.ts';
import { useDecideChangeRequest } from '../api/decide-change-request.ts';
import { CHANGE_REQUESTS_PAGE_SIZE, useChangeRequests } from '../api/get-change-requests.ts';

const linkClass = 'font-medium text-indigo-700 underline-offset-2 hover:underline';

const statusTones: Record<ChangeRequestStatus, BadgeTone> = {
  Pending: 'warning',
  Approved: 'success',
  Rejected: 'danger',
};

const emptyText: Record<ChangeRequestStatus, string> = {
  Pending: 'No changes are waiting for approval.',
  Approved: 'No change has been approved yet.',
  Rejected: 'No change has been rejected yet.',
};

/** Approve or reject one waiting change, with an optional reason the student is told. */
function DecisionControl({
  request,
  onDecided,
}: {
  request: AcademicChangeRequest;
  onDecided: ((request: AcademicChangeRequest) => void) | undefined;
}) {
  const decide = useDecideChangeRequest();
  const [reason, setReason] = useState('');
  const [sending, setSending] = useState<'Approved' | 'Rejected' | null>(null);
  const name = request.student.name;

  const send = (decision: 'Approved' | 'Rejected') => {
    setSending(decision);
    decide.mutate(
      { id: request._id, decision, reason },
      {
        onSuccess: (message) => {
          toast.success(message);
          onDecided?.(request);
        },
        onSettled: () => setSending(null),
      },
    );
  };

  return (
    <div className="mt-4 space-y-3 border-t border-slate-100 pt-4">
      <TextField
        label="Reason (optional)"
        hint="Shown to the student with the decision."
        maxLength={500}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="flex flex-wrap justify-end gap-3">
        <Button
          variant="secondary"
          aria-label={`Reject the change for ${name}`}
          isPending={sending === 'Rejected'}
          disabled={decide.isPending}
          onClick={() => send('Rejected')}
        >
          Reject
        </Button>
        <Button
          aria-label={`Approve the change for ${name}`}
          isPending={sending === 'Approved'}
          disabled={decide.isPending}
          onClick={() => send('Approved')}
        >
          Approve
        </Button>
      </div>
    </div>
  );
}

function RequestCard({
  request,
  onDecided,
}: {
  request: AcademicChangeRequest;
  onDecided: ((request: AcademicChangeRequest) => void) | undefined;
}) {
  const headingId = `change-request-${request._id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h4 id={headingId} className="font-semibold break-words text-slate-900">
            <Link to={detailHref(paths.staff.studentDetails, request.student._id)} className={linkClass}>
              {request.student.name}
            </Link>
          </h4>
          <p className="text-sm break-words text-slate-600">{request.student.emailID}</p>
        </div>
        <Badge tone={statusTones[request.status]}>{request.status}</Badge>
      </div>
      <p className="mt-3 text-sm text-slate-600">
        Requested <time dateTime={request.requestedAt}>{localDateTime(request.requestedAt)}</time>
      </p>
      <div className="mt-3">
        <AcademicChanges from={request.oldValues} to={request.newValues} label="Requested changes" />
      </div>
      {request.status === 'Pending' ? (
        <DecisionControl request={request} onDecided={onDecided} />
      ) : (
        <div className="mt-4 space-y-1 border-t border-slate-100 pt-4 text-sm text-slate-700">
          <p>
            {request.status} by {request.decidedBy ?? 'a former staff member'}
            {request.decidedAt && (
              <>
                {' '}
                <time dateTime={request.decidedAt}>{localDateTime(request.decidedAt)}</time>
              </>
            )}
          </p>
          {request.reason && <p className="break-words">Reason: {request.reason}</p>}
        </div>
      )}
    </article>
  );
}

/**
 * Students' changes to verified academic details: the waiting ones first in, first out, with
 * Approve and Reject; the decided ones newest first. `onDecided` lets the page refresh what a
 * decision changed elsewhere (the student's record).
 */
export function ChangeRequestList({ onDecided }: { onDecided?: (request: AcademicChangeRequest) => void }) {
  const [status, setStatus] = useState<ChangeRequestStatus>('Pending');
  const [page, setPage] = useState(1);
  const requests = useChangeRequests({ status, page });
  const pages = Math.max(1, Math.ceil((requests.data?.total ?? 0) / CHANGE_REQUESTS_PAGE_SIZE));
  // A decision can empty the last page: go back to the last one that still exists.
  if (requests.data && !requests.isPlaceholderData && page > pages) setPage(pages);

  let content;
  if (requests.isPending) content = <LoadingBlock />;
  else if (requests.isError) {
    content = (
      <ErrorBlock
        message={errorMessage(requests.error)}
        onRetry={() => void requests.refetch()}
        retrying={requests.isRefetching}
      />
    );
  } else if (requests.data.items.length === 0) content = <EmptyState>{emptyText[status]}</EmptyState>;
  else {
    content = (
      <ul aria-label={`${status} changes`} className="space-y-4">
        {requests.data.items.map((request) => (
          <li key={request._id}>
            <RequestCard request={request} onDecided={onDecided} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="change-requests-heading" className="space-y-4">
      <Card>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">
            <h3 id="change-requests-heading" className="text-sm font-semibold text-slate-900">
              Changes to verified academic details
            </h3>
            <p className="mt-1 text-sm text-slate-600">
              Until a change is approved, the record, the lists and eligibility use the verified values.
            </p>
          </div>
          <SelectField
            label="Status"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as ChangeRequestStatus);
              setPage(1);
            }}
          >
            {changeRequestStatuses.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </SelectField>
        </div>
      </Card>
      {content}
      {pages > 1 && <Pager label="Pages of change requests" page={page} pages={pages} onPage={setPage} />}
    </section>
  );
}
