import type { StudentRecord } from '@portal/contracts/students';
import { toast } from 'react-toastify';
import { Card } from '../../../components/ui/card.tsx';
import { ProfileHeader } from '../../../components/ui/profile-header.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { pictureRule } from '../../../lib/file-checks.ts';
import { useUploadProfilePicture } from '../api/upload-profile-picture.ts';
import { FilePicker } from './file-picker.tsx';

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
    <Card>
      <ProfileHeader
        name={`${person.firstName} ${person.lastName}`}
        email={person.emailID}
        picture={person.profilePicture}
        status={student.role}
        subtitle={student.educationalDetails.collegeName || undefined}
      />
      <div className="mt-5 border-t border-slate-100 pt-5">
        <FilePicker
          buttonLabel={person.profilePicture ? 'Change picture' : 'Upload picture'}
          inputLabel="Profile picture file"
          hint="JPEG or PNG, under 1 MB."
          rule={pictureRule}
          progress={upload.progress}
          busy={upload.isPending}
          onFile={onFile}
        />
      </div>
    </Card>
  );
}
