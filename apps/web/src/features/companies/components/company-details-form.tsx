import {
  companyProfileUpdate,
  type CompanyProfileUpdate,
  type CompanyRecord,
} from '@portal/contracts/companies';
import { companyNames } from '@portal/contracts/messages';
import { toast } from 'react-toastify';
import { TextField } from '../../../components/ui/field.tsx';
import { LockedDetailsCard } from '../../../components/ui/locked-details-card.tsx';
import { useLockedDetailsForm } from '../../../hooks/use-locked-details-form.tsx';
import { useUpdateCompanyProfile } from '../api/update-company-profile.ts';

/**
 * The form shows the name the company asked for while it waits: saving the other details sends it
 * again and leaves the request as it is (sending the approved name would withdraw it).
 */
const valuesOf = ({ personalDetail: p, company, pendingName }: CompanyRecord): CompanyProfileUpdate => ({
  firstName: p.firstName,
  lastName: p.lastName,
  staffID: p.staffID,
  phone: p.phone,
  company: pendingName ?? company,
});

/**
 * The recruiter's details and the company name, each locked until its edit toggle; email never
 * changes. An approved company's new name waits for the placement cell, and the field says so.
 */
export function CompanyDetailsForm({ company }: { company: CompanyRecord }) {
  const update = useUpdateCompanyProfile();
  const details = useLockedDetailsForm({
    schema: companyProfileUpdate,
    defaultValues: valuesOf(company),
    save: (value, { saved }) =>
      update.mutate(value, {
        onSuccess: (record) => {
          saved(valuesOf(record));
          if (record.pendingName !== null && record.pendingName !== company.pendingName) {
            toast.info(companyNames.pendingNote);
          }
        },
      }),
  });
  const { field } = details;
  const nameHint =
    company.pendingName === null
      ? undefined
      : `${companyNames.pendingNote} ${companyNames.pendingDetail(company.company)}`;

  return (
    <LockedDetailsCard
      title="Recruiter and company"
      details={details}
      saving={update.isPending}
      error={update.error}
    >
      {field('firstName', 'First Name', { autoComplete: 'given-name' })}
      {field('lastName', 'Last Name', { autoComplete: 'family-name' })}
      {field('company', 'Company Name', { autoComplete: 'organization', hint: nameHint })}
      {field('staffID', 'Staff-ID', { inputMode: 'numeric' })}
      {field('phone', 'Phone', { type: 'tel', inputMode: 'numeric', autoComplete: 'tel-national' })}
      <TextField
        label="Email"
        type="email"
        value={company.personalDetail.emailID}
        readOnly
        hint="Your sign-in email cannot be changed."
      />
    </LockedDetailsCard>
  );
}
