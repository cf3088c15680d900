import type { StudentRecord } from '@portal/contracts/students';
import { toast } from 'react-toastify';
import { PictureUploadCard } from '../../../components/ui/picture-upload-card.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUploadProfilePicture } from '../api/upload-profile-picture.ts';

/** The student's picture (or initials), name and status, with the picture upload. */
export function ProfilePictureCard({ student }: { student: StudentRecord }) {
  const upload = useUploadProfilePicture();
  const person = student.personalDetail;

  const onFile = (file: File) =>
    upload.mutate(file, {
      onSuccess: (message) => toast.success(message),
      onError: (error) => toast.error(errorMessage(error)),
    });

  return (
    <PictureUploadCard
      name={`${person.firstName} ${person.lastName}`}
      email={person.emailID}
      picture={person.profilePicture}
      status={student.role}
      subtitle={student.educationalDetails.collegeName || undefined}
      progress={upload.progress}
      busy={upload.isPending}
      onFile={onFile}
    />
  );
}
