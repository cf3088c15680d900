import { zodResolver } from '@hookform/resolvers/zod';
import { toasts } from '@portal/contracts/messages';
import {
  type PersonalDetailUpdate,
  personalDetailUpdate,
  type StudentRecord,
} from '@portal/contracts/students';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { sentForApproval, useUpdateProfileDetail } from '../api/update-profile-detail.ts';
import { useLockedFormFields } from '../../../hooks/use-locked-form-fields.tsx';

type FieldName = keyof PersonalDetailUpdate;

const nameFields: readonly { name: FieldName; label: string; autoComplete?: string }[] = [
  { name: 'firstName', label: 'First Name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last Name', autoComplete: 'family-name' },
  { name: 'fathersName', label: "Father's Name" },
  { name: 'mothersName', label: "Mother's Name" },
];

const valuesOf = ({ personalDetail: p }: StudentRecord): PersonalDetailUpdate => ({
  firstName: p.firstName,
  lastName: p.lastName,
  fathersName: p.fathersName,
  mothersName: p.mothersName,
  phone: p.phone,
});

/**
 * The student's personal details. Each field is read-only until its edit toggle is pressed; the
 * email is the sign-in name and never editable here (the server refuses it).
 */
export function PersonalDetailsForm({ student }: { student: StudentRecord }) {
  const update = useUpdateProfileDetail();
  const form = useForm({ resolver: zodResolver(personalDetailUpdate), defaultValues: valuesOf(student) });
  const {
    handleSubmit,
    reset,
    formState: { isDirty },
  } = form;
  const { field, lockAll, unlockInvalid, discard } = useLockedFormFields(form);

  const onSubmit = handleSubmit(
    (value) =>
      update.mutate(
        { typ: 'personalDetail', value },
        {
          onSuccess: (outcome) => {
            toast.success(toasts.detailsUpdated);
            // Personal details are never held for approval: the reply is the record.
            if (!sentForApproval(outcome)) reset(valuesOf(outcome));
            lockAll();
          },
          onError: (error) => toast.error(errorMessage(error)),
        },
      ),
    // A field the schema refuses (say a mother's name never filled in) opens for editing.
    unlockInvalid,
  );

  return (
    <Card>
      <h3 className="mb-1 text-sm font-semibold text-slate-900">Personal details</h3>
      <p className="mb-5 text-sm text-slate-600">Press the pencil beside a field to change it.</p>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          {nameFields.map(({ name, label, autoComplete }) =>
            field(name, label, autoComplete ? { autoComplete } : {}),
          )}
          <TextField
            label="Email"
            type="email"
            value={student.personalDetail.emailID}
            readOnly
            hint="Your sign-in email cannot be changed."
          />
          {field('phone', 'Phone', { type: 'tel', inputMode: 'numeric', autoComplete: 'tel-national' })}
        </div>
        <div className="flex flex-wrap justify-end gap-3 pt-2">
          <Button variant="secondary" onClick={discard} disabled={!isDirty || update.isPending}>
            Discard changes
          </Button>
          <Button type="submit" disabled={!isDirty} isPending={update.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Card>
  );
}
