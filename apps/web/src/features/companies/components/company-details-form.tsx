import { zodResolver } from '@hookform/resolvers/zod';
import {
  companyProfileUpdate,
  type CompanyProfileUpdate,
  type CompanyRecord,
} from '@portal/contracts/companies';
import { companyFallbacks, toasts } from '@portal/contracts/messages';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { useLockedFormFields } from '../../../hooks/use-locked-form-fields.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useUpdateCompanyProfile } from '../api/update-company-profile.ts';

const valuesOf = ({ personalDetail: p, company }: CompanyRecord): CompanyProfileUpdate => ({
  firstName: p.firstName,
  lastName: p.lastName,
  staffID: p.staffID,
  phone: p.phone,
  company,
});

/** The recruiter's details and the company name, each locked until its edit toggle; email never changes. */
export function CompanyDetailsForm({ company }: { company: CompanyRecord }) {
  const update = useUpdateCompanyProfile();
  const form = useForm({ resolver: zodResolver(companyProfileUpdate), defaultValues: valuesOf(company) });
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
        onError: (error) =>
          toast.error(
            isApiError(error)
              ? (error.serverMessage ?? companyFallbacks.updateProfile)
              : companyFallbacks.updateProfile,
          ),
      }),
    unlockInvalid,
  );

  return (
    <Card>
      <h3 className="mb-1 text-sm font-semibold text-slate-900">Recruiter and company</h3>
      <p className="mb-5 text-sm text-slate-600">Press the pencil beside a field to change it.</p>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          {field('firstName', 'First Name', { autoComplete: 'given-name' })}
          {field('lastName', 'Last Name', { autoComplete: 'family-name' })}
          {field('company', 'Company Name', { autoComplete: 'organization' })}
          {field('staffID', 'Staff-ID', { inputMode: 'numeric' })}
          {field('phone', 'Phone', { type: 'tel', inputMode: 'numeric', autoComplete: 'tel-national' })}
          <TextField
            label="Email"
            type="email"
            value={company.personalDetail.emailID}
            readOnly
            hint="Your sign-in email cannot be changed."
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
