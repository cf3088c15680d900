import { type StaffProfileUpdate, type StaffRecord, staffProfileUpdate } from '@portal/contracts/staff';
import { TextField } from '../../../components/ui/field.tsx';
import { LockedDetailsCard } from '../../../components/ui/locked-details-card.tsx';
import { useLockedDetailsForm } from '../../../hooks/use-locked-details-form.tsx';
import { useUpdateStaffProfile } from '../api/update-staff-profile.ts';

const valuesOf = ({ personalDetail: p }: StaffRecord): StaffProfileUpdate => ({
  firstName: p.firstName,
  lastName: p.lastName,
  staffID: p.staffID,
  phone: p.phone,
});

/**
 * The staff member's own details. Each field is read-only until its edit toggle is pressed; the
 * email is the sign-in name and never editable here.
 */
export function StaffDetailsForm({ staff }: { staff: StaffRecord }) {
  const update = useUpdateStaffProfile();
  const details = useLockedDetailsForm({
    schema: staffProfileUpdate,
    defaultValues: valuesOf(staff),
    save: (value, { saved }) => update.mutate(value, { onSuccess: (record) => saved(valuesOf(record)) }),
  });
  const { field } = details;

  return (
    <LockedDetailsCard
      title="Personal details"
      details={details}
      saving={update.isPending}
      error={update.error}
    >
      {field('firstName', 'First Name', { autoComplete: 'given-name' })}
      {field('lastName', 'Last Name', { autoComplete: 'family-name' })}
      {field('staffID', 'Staff-ID', { inputMode: 'numeric' })}
      {field('phone', 'Phone', { type: 'tel', inputMode: 'numeric', autoComplete: 'tel-national' })}
      <TextField
        label="Email"
        type="email"
        value={staff.personalDetail.emailID}
        readOnly
        hint="Your sign-in email cannot be changed."
        className="sm:col-span-2"
      />
    </LockedDetailsCard>
  );
}
