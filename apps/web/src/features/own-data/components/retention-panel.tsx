import { erasure } from '@portal/contracts/messages';
import { RETENTION_MAX_MONTHS, type RetentionPreview, retentionSetting } from '@portal/contracts/own-data';
import { type FormEvent, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { useApplyRetention } from '../api/apply-retention.ts';
import { useRetention } from '../api/get-retention.ts';
import { usePreviewRetention } from '../api/preview-retention.ts';
import { useSaveRetention } from '../api/save-retention.ts';

/** The months field, starting from the saved value (empty: off). */
function RetentionForm({ saved }: { saved: number | null }) {
  const save = useSaveRetention();
  const [months, setMonths] = useState(saved === null ? '' : String(saved));
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = months.trim() === '' ? null : Number(months);
    const parsed = retentionSetting.safeParse({ retentionMonths: value });
    if (!parsed.success) return setError(erasure.retentionMonths);
    setError(undefined);
    save.mutate(parsed.data, {
      onSuccess: () => toast.success(erasure.retentionSaved),
    });
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-wrap items-end gap-3"
      aria-label="Retention setting"
    >
      <TextField
        label="Months after the year of passing"
        hint="Empty turns it off."
        inputMode="numeric"
        type="number"
        min={0}
        max={RETENTION_MAX_MONTHS}
        value={months}
        error={error}
        onChange={(e) => setMonths(e.target.value)}
      />
      {/* Named for itself: the placement policy's Save is on the same page. */}
      <Button type="submit" isPending={save.isPending}>
        Save retention
      </Button>
    </form>
  );
}

function PreviewList({ preview }: { preview: RetentionPreview }) {
  if (preview.dueYear === null) return <p className="text-sm text-slate-700">{erasure.retentionOff}</p>;
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-800">
        {preview.count} {preview.count === 1 ? 'student' : 'students'} who passed in {preview.dueYear} or
        earlier would be erased now (students with an offer waiting for their decision are not).
      </p>
      {preview.students.length > 0 && (
        <ul
          aria-label="Students who would be erased"
          className="list-disc space-y-1 pl-5 text-sm text-slate-800"
        >
          {preview.students.map((s) => (
            <li key={s._id}>
              {s.name}
              {s.rollNumber !== null && `, roll ${s.rollNumber}`}
              {s.yearOfPassing !== null && `, passed ${s.yearOfPassing}`}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Retention: the setting, who it would erase now, and erasing them with a confirmation. */
export function RetentionPanel() {
  const { data } = useRetention();
  const preview = usePreviewRetention();
  const apply = useApplyRetention();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  if (!data) return null;

  const confirm = () => {
    if (reason.trim() === '') return setReasonError(erasure.reason);
    setReasonError(undefined);
    apply.mutate(reason.trim(), {
      onSuccess: (result) => {
        toast.success(result.message);
        setOpen(false);
        preview.mutate();
      },
    });
  };

  return (
    <Card>
      <h3 className="text-sm font-semibold text-slate-900">Retention of graduates’ personal data</h3>
      <p className="mt-2 mb-4 text-sm text-slate-700">
        Off by default. When set, graduates’ accounts can be closed and their personal data erased in bulk
        this many months after the end of their year of passing. Nothing runs by itself: preview, then apply.
      </p>
      <RetentionForm key={String(data.retentionMonths)} saved={data.retentionMonths} />
      <div className="mt-6 space-y-4">
        <Button variant="secondary" onClick={() => preview.mutate()} isPending={preview.isPending}>
          Preview who would be erased
        </Button>
        {preview.data && <PreviewList preview={preview.data} />}
        {preview.data && preview.data.count > 0 && (
          <Button onClick={() => setOpen(true)}>Erase {preview.data.count} now</Button>
        )}
      </div>
      <ConfirmDialog
        open={open}
        title="Erase these graduates’ personal data?"
        confirmLabel="Erase personal data"
        onConfirm={confirm}
        onCancel={() => setOpen(false)}
        isPending={apply.isPending}
      >
        <p>Each account is closed as a single erasure would be. This cannot be undone.</p>
        <TextAreaField
          className="mt-4"
          label="Reason (kept in each audit log)"
          rows={2}
          maxLength={500}
          value={reason}
          error={reasonError}
          onChange={(e) => setReason(e.target.value)}
        />
      </ConfirmDialog>
    </Card>
  );
}
