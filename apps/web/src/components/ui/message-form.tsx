import { zodResolver } from '@hookform/resolvers/zod';
import {
  fillPlaceholders,
  MAX_BODY,
  MAX_RECIPIENTS,
  MAX_SUBJECT,
  type MessagePreview,
  type MessageText,
  messageText,
  placeholders,
} from '@portal/contracts/messaging';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from './button.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { TextAreaField, TextField } from './field.tsx';

const count = (n: number, noun: string) => `${n} ${n === 1 ? noun : `${noun}s`}`;

/**
 * One message to many: subject and body with placeholders, a live preview for the first recipient
 * (filled by the contract's own `fillPlaceholders`, as the server fills it when sending) and a
 * confirmation naming how many will receive it. The recipients and the sending are the caller's.
 */
export function MessageForm({
  heading,
  noun,
  preview,
  previewPending,
  onSend,
  isSending,
}: {
  heading: string;
  /** What a recipient is called: "applicant", "student". */
  noun: string;
  /** The server's preview: who the first recipient is and how many there are. */
  preview: MessagePreview | undefined;
  previewPending: boolean;
  /** Resolves to true once sent, which clears the form. */
  onSend: (text: MessageText) => Promise<boolean>;
  isSending: boolean;
}) {
  const {
    register,
    handleSubmit,
    control,
    reset,
    formState: { errors },
  } = useForm<MessageText>({ resolver: zodResolver(messageText), defaultValues: { subject: '', body: '' } });
  const [confirming, setConfirming] = useState<MessageText | null>(null);
  const subject = useWatch({ control, name: 'subject' });
  const body = useWatch({ control, name: 'body' });
  const recipients = preview?.recipientCount ?? 0;
  const values = preview?.recipient?.values;
  const tooMany = recipients > MAX_RECIPIENTS;

  const send = async () => {
    if (!confirming) return;
    if (await onSend(confirming)) reset();
    setConfirming(null);
  };

  return (
    <form
      noValidate
      aria-label={heading}
      className="space-y-4"
      onSubmit={handleSubmit((text) => setConfirming(text))}
    >
      <TextField
        label="Subject"
        maxLength={MAX_SUBJECT}
        error={errors.subject?.message}
        {...register('subject')}
      />
      <TextAreaField
        label="Message"
        rows={6}
        maxLength={MAX_BODY}
        error={errors.body?.message}
        hint={`Placeholders, filled for each ${noun}: ${placeholders.map((p) => `{${p}}`).join(' ')}`}
        {...register('body')}
      />
      <div aria-live="polite" className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm">
        {previewPending ? (
          <p className="text-slate-600">Counting recipients…</p>
        ) : values && preview?.recipient ? (
          <>
            <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">
              Preview for {preview.recipient.name}
            </p>
            <p className="mt-2 font-semibold break-words text-slate-900">
              {fillPlaceholders(subject, values) || 'No subject yet'}
            </p>
            <p className="mt-1 break-words whitespace-pre-line text-slate-800">
              {fillPlaceholders(body, values)}
            </p>
          </>
        ) : (
          <p className="text-slate-600">Nobody would receive this message.</p>
        )}
      </div>
      {tooMany && (
        <p role="alert" className="text-sm text-red-600">
          At most {MAX_RECIPIENTS} can be messaged at once. Please narrow the list.
        </p>
      )}
      <Button type="submit" disabled={recipients === 0 || tooMany || previewPending}>
        {recipients > 0 && !tooMany ? `Send to ${count(recipients, noun)}` : 'Send'}
      </Button>
      <ConfirmDialog
        open={confirming !== null}
        title={`Send to ${count(recipients, noun)}?`}
        confirmLabel={`Send to ${count(recipients, noun)}`}
        onConfirm={() => void send()}
        onCancel={() => setConfirming(null)}
        isPending={isSending}
      >
        Each {noun} receives “{confirming?.subject}” as a notification, and by email if their settings allow
        it. A sent message cannot be taken back.
      </ConfirmDialog>
    </form>
  );
}
