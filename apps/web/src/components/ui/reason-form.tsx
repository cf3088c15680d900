import { offers } from '@portal/contracts/messages';
import { type FormEvent, useState } from 'react';
import { Button } from './button.tsx';
import { TextAreaField } from './field.tsx';

/** A reason and a button: withdrawing or revoking an offer needs one, and the student reads it. */
export function ReasonForm({
  label,
  submitLabel,
  onSubmit,
  isPending,
}: {
  label: string;
  submitLabel: string;
  onSubmit: (reason: string) => void;
  isPending: boolean;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') return setError(offers.reasonRequired);
    setError(undefined);
    onSubmit(reason.trim());
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-3" aria-label={submitLabel}>
      <TextAreaField
        label={label}
        rows={2}
        maxLength={500}
        value={reason}
        error={error}
        onChange={(e) => setReason(e.target.value)}
      />
      <Button type="submit" variant="secondary" isPending={isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
