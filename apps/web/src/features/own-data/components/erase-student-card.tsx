import { erasure } from '@portal/contracts/messages';
import { eraseStudentBody } from '@portal/contracts/own-data';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { useEraseStudent } from '../api/erase-student.ts';
import { useErasureStatus } from '../api/get-erasure-status.ts';

/**
 * Closing a graduate's account: offered only when the server's rule allows it (otherwise the card
 * says why), confirmed in a dialog by typing the student's full name and a reason.
 */
export function EraseStudentCard({ studentId, onErased }: { studentId: string; onErased?: () => void }) {
  const { data: status } = useErasureStatus(studentId);
  const erase = useEraseStudent(onErased);
  const [open, setOpen] = useState(false);
  const [confirmation, setConfirmation] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ confirmation?: string; reason?: string }>({});
  if (!status) return null;

  const close = () => {
    setOpen(false);
    setErrors({});
  };
  const submit = () => {
    const parsed = eraseStudentBody.safeParse({ confirmation, reason });
    const typed = confirmation.trim().toLowerCase() === status.confirmWith.trim().toLowerCase();
    const next = {
      confirmation: typed ? undefined : erasure.confirmation,
      reason: parsed.success || reason.trim() !== '' ? undefined : erasure.reason,
    };
    setErrors(next);
    if (!parsed.success || !typed) return;
    erase.mutate(
      { studentId, ...parsed.data },
      {
        onSuccess: (message) => {
          toast.success(message);
          close();
        },
      },
    );
  };

  return (
    <Card>
      <h3 className="text-sm font-semibold text-slate-900">Close account and erase personal data</h3>
      <p className="mt-2 text-sm text-slate-700">
        For a graduate: the name becomes “Former student”, contact details, internships, projects,
        notifications and files are erased and the account can no longer sign in. Degrees, CGPA, year,
        placement, applications and offers stay, so placement statistics do not change.
      </p>
      {status.allowed ? (
        <Button variant="secondary" className="mt-4" onClick={() => setOpen(true)}>
          Close account and erase personal data
        </Button>
      ) : (
        <p className="mt-4 text-sm font-medium text-slate-800">{status.reason}</p>
      )}
      <ConfirmDialog
        open={open}
        title="Close this account and erase personal data?"
        confirmLabel="Erase personal data"
        onConfirm={submit}
        onCancel={close}
        isPending={erase.isPending}
      >
        <p>This cannot be undone.</p>
        <div className="mt-4 space-y-4">
          <TextField
            label={`Type “${status.confirmWith}” to confirm`}
            autoComplete="off"
            value={confirmation}
            error={errors.confirmation}
            onChange={(e) => setConfirmation(e.target.value)}
          />
          <TextAreaField
            label="Reason (kept in the audit log)"
            rows={2}
            maxLength={500}
            value={reason}
            error={errors.reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
      </ConfirmDialog>
    </Card>
  );
}
