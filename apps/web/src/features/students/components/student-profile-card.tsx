import type { StudentRecord } from '@portal/contracts/students';
import { Card, DetailList } from '../../../components/ui/card.tsx';
import { ProfileHeader } from '../../../components/ui/profile-header.tsx';

/** The student's personal details, read-only. */
export function StudentProfileCard({ student }: { student: StudentRecord }) {
  const person = student.personalDetail;
  return (
    <Card>
      <ProfileHeader
        name={`${person.firstName} ${person.lastName}`}
        email={person.emailID}
        picture={person.profilePicture}
        status={student.role}
        subtitle={student.educationalDetails.collegeName || undefined}
      />
      <h3 className="mt-8 mb-4 text-sm font-semibold text-slate-900">Personal details</h3>
      <DetailList
        details={[
          { label: 'First Name', value: person.firstName },
          { label: 'Last Name', value: person.lastName },
          { label: "Father's Name", value: person.fathersName },
          { label: "Mother's Name", value: person.mothersName },
          { label: 'Email', value: person.emailID },
          { label: 'Phone', value: person.phone },
        ]}
      />
    </Card>
  );
}
