import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';

/** A button that opens a one-line reason and sends it (marking a no-show, waiving one). */
export function ReasonButton({
  label,
  fieldLabel,
  pending,
  onSend,
}: {
  label: string;
  fieldLabel: string;
  pending: boolean;
  onSend: (reason: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const id = useId();
  if (!open)
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {label}
      </Button>
    );
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSend(reason);
      }}
    >
      <TextField
        id={id}
        label={fieldLabel}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        maxLength={300}
      />
      <Button type="submit" disabled={pending}>
        {label}
      </Button>
      <Button variant="ghost" onClick={() => setOpen(false)}>
        Cancel
      </Button>
    </form>
  );
}
