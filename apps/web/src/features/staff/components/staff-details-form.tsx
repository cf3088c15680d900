import { zodResolver } from '@hookform/resolvers/zod';
import { toasts } from '@portal/contracts/messages';
import { type StaffProfileUpdate, type StaffRecord, staffProfileUpdate } from '@portal/contracts/staff';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { useLockedFormFields } from '../../../hooks/use-locked-form-fields.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
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
  const form = useForm({ resolver: zodResolver(staffProfileUpdate), defaultValues: valuesOf(staff) });
  const {
    handleSubmit,
    reset,
    formState: { isDirty },
  } = form;
  const { field, lockAll, unlockInvalid, discard } = useLockedFormFields(form);

  const onSubmit = handleSubmit(
    (value) =>
      update.mutate(value, {
        onSuccess: (record) => {
          toast.success(toasts.detailsUpdated);
          reset(valuesOf(record));
          lockAll();
        },
        onError: (error) => toast.error(errorMessage(error)),
      }),
    unlockInvalid,
  );

  return (
    <Card>
      <h3 className="mb-1 text-sm font-semibold text-slate-900">Personal details</h3>
      <p className="mb-5 text-sm text-slate-600">Press the pencil beside a field to change it.</p>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
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
