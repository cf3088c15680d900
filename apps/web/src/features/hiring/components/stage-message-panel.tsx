import type { Stage } from '@portal/contracts/applications';
import { messaging } from '@portal/contracts/messages';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Card } from '../../../components/ui/card.tsx';
import { MessageForm } from '../../../components/ui/message-form.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { StageBadge } from '../../../components/ui/stage-badge.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { shortDateTime } from '../../../lib/dates.ts';
import { STAGE_MESSAGES_PAGE_SIZE, useStageMessages } from '../api/get-stage-messages.ts';
import { useStageMessagePreview } from '../api/preview-stage-message.ts';
import { useSendStageMessage } from '../api/send-stage-message.ts';

/** "Message applicants at this stage": the form for the chosen job and stage. */
function StageMessageForm({ jobId, stage }: { jobId: string; stage: Stage }) {
  const preview = useStageMessagePreview(jobId, stage);
  const send = useSendStageMessage();
  return (
    <MessageForm
      heading={`Message applicants at ${stage}`}
      noun="applicant"
      preview={preview.data}
      previewPending={preview.isPending}
      isSending={send.isPending}
      onSend={(text) =>
        send.mutateAsync({ jobId, message: { stage, ...text } }).then(
          (message) => {
            toast.success(message);
            return true;
          },
          // The query client toasts the failure.
          () => false,
        )
      }
    />
  );
}

/** What was sent to the job's applicants, newest first. */
function SentMessages({ jobId }: { jobId: string }) {
  const [page, setPage] = useState(1);
  const sent = useStageMessages(jobId, page);
  if (sent.isPending) return <LoadingBlock />;
  if (sent.isError) {
    return (
      <ErrorBlock
        message={errorMessage(sent.error)}
        onRetry={() => void sent.refetch()}
        retrying={sent.isFetching}
      />
    );
  }
  const { items, total } = sent.data;
  if (total === 0) return <p className="text-sm text-slate-600">No messages sent for this job yet.</p>;
  return (
    <>
      <ul className="space-y-3">
        {items.map((m) => (
          <li key={m._id} className="rounded-lg border border-slate-200 p-4 text-sm">
            <p className="font-medium break-words text-slate-900">{messaging.timelineLabel(m.subject)}</p>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-600">
              {m.stage && <StageBadge stage={m.stage} />}
              <span>
                {m.recipientCount} {m.recipientCount === 1 ? 'recipient' : 'recipients'} ·{' '}
                <time dateTime={m.createdAt}>{shortDateTime(m.createdAt)}</time>
              </span>
            </p>
            <p className="mt-2 break-words whitespace-pre-line text-slate-700">{m.body}</p>
          </li>
        ))}
      </ul>
      {total > STAGE_MESSAGES_PAGE_SIZE && (
        <Pager
          className="mt-4"
          label="Pages of sent messages"
          page={page}
          pages={Math.ceil(total / STAGE_MESSAGES_PAGE_SIZE)}
          onPage={setPage}
        />
      )}
    </>
  );
}

/**
 * For one job: a message to its applicants at the chosen stage (each gets it filled for them, as a
 * notification and, if they allow it, an email), and the messages already sent.
 */
export function StageMessagePanel({ jobId, stage }: { jobId: string; stage: Stage | '' }) {
  return (
    <Card>
      <h3 className="mb-4 text-lg font-semibold text-slate-900">Message applicants at this stage</h3>
      {stage ? (
        <StageMessageForm key={`${jobId}-${stage}`} jobId={jobId} stage={stage} />
      ) : (
        <p className="text-sm text-slate-600">Choose a stage above to message the applicants at it.</p>
      )}
      <h4 className="mt-6 mb-3 text-base font-semibold text-slate-900">Sent messages</h4>
      <SentMessages key={jobId} jobId={jobId} />
    </Card>
  );
}
