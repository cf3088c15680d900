import type { StaffRecord } from '@portal/contracts/staff';
import { Card, DetailList } from '../../../components/ui/card.tsx';
import { ProfileHeader } from '../../../components/ui/profile-header.tsx';

/** The staff member's personal details, read-only. */
export function StaffProfileCard({ staff }: { staff: StaffRecord }) {
  const person = staff.personalDetail;
  return (
    <Card>
      <ProfileHeader
        name={`${person.firstName} ${person.lastName}`}
        email={person.emailID}
        picture={person.profilePicture}
        status={staff.role}
        subtitle="College Staff"
      />
      <h3 className="mt-8 mb-4 text-sm font-semibold text-slate-900">Personal details</h3>
      <DetailList
        details={[
          { label: 'First Name', value: person.firstName },
          { label: 'Last Name', value: person.lastName },
          { label: 'Staff-ID', value: person.staffID },
          { label: 'Email', value: person.emailID },
          { label: 'Phone', value: person.phone },
        ]}
      />
    </Card>
  );
}
