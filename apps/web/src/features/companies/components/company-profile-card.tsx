import type { CompanyRecord } from '@portal/contracts/companies';
import { Card, DetailList } from '../../../components/ui/card.tsx';
import { ProfileHeader } from '../../../components/ui/profile-header.tsx';

/** The company user's personal details and company, read-only. */
export function CompanyProfileCard({ company }: { company: CompanyRecord }) {
  const person = company.personalDetail;
  return (
    <Card>
      <ProfileHeader
        name={`${person.firstName} ${person.lastName}`}
        email={person.emailID}
        picture={person.profilePicture}
        status={company.role}
        subtitle={company.company}
      />
      <h3 className="mt-8 mb-4 text-sm font-semibold text-slate-900">Personal details</h3>
      <DetailList
        details={[
          { label: 'First Name', value: person.firstName },
          { label: 'Last Name', value: person.lastName },
          { label: 'Company Name', value: company.company },
          { label: 'Staff-ID', value: person.staffID },
          { label: 'Email', value: person.emailID },
          { label: 'Phone', value: person.phone },
        ]}
      />
    </Card>
  );
}
