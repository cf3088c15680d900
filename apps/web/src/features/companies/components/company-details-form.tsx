import {
  companyProfileUpdate,
  type CompanyProfileUpdate,
  type CompanyRecord,
} from '@portal/contracts/companies';
import { TextField } from '../../../components/ui/field.tsx';
import { LockedDetailsCard } from '../../../components/ui/locked-details-card.tsx';
import { useLockedDetailsForm } from '../../../hooks/use-locked-details-form.tsx';
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
  const details = useLockedDetailsForm({
    schema: companyProfileUpdate,
    defaultValues: valuesOf(company),
    save: (value, { saved }) => update.mutate(value, { onSuccess: (record) => saved(valuesOf(record)) }),
  });
  const { field } = details;

  return (
    <LockedDetailsCard title="Recruiter and company" details={details} saving={update.isPending}>
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
    </LockedDetailsCard>
  );
}
