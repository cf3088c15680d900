import type { StudentRecord } from '@portal/contracts/students';
import { PictureUploadCard } from '../../../components/ui/picture-upload-card.tsx';
import { useUploadProfilePicture } from '../api/upload-profile-picture.ts';

/** The student's picture (or initials), name and status, with the picture upload. */
export function ProfilePictureCard({ student }: { student: StudentRecord }) {
  const upload = useUploadProfilePicture();
  return (
    <PictureUploadCard
      person={student.personalDetail}
      status={student.role}
      subtitle={student.educationalDetails.collegeName || undefined}
      upload={upload}
    />
  );
}
