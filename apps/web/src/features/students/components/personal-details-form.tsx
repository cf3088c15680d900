import {
  type PersonalDetailUpdate,
  personalDetailUpdate,
  type StudentRecord,
} from '@portal/contracts/students';
import { TextField } from '../../../components/ui/field.tsx';
import { LockedDetailsCard } from '../../../components/ui/locked-details-card.tsx';
import { useLockedDetailsForm } from '../../../hooks/use-locked-details-form.tsx';
import { sentForApproval, useUpdateProfileDetail } from '../api/update-profile-detail.ts';

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
  const details = useLockedDetailsForm({
    schema: personalDetailUpdate,
    defaultValues: valuesOf(student),
    save: (value, { saved }) =>
      update.mutate(
        { typ: 'personalDetail', value },
        // Personal details are never held for approval: the reply is the record.
        { onSuccess: (outcome) => saved(sentForApproval(outcome) ? undefined : valuesOf(outcome)) },
      ),
  });
  const { field } = details;

  return (
    <LockedDetailsCard
      title="Personal details"
      details={details}
      saving={update.isPending}
      error={update.error}
    >
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
    </LockedDetailsCard>
  );
}
