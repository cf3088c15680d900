import type { StaffRecord } from '@portal/contracts/staff';
import { toast } from 'react-toastify';
import { PictureUploadCard } from '../../../components/ui/picture-upload-card.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUploadStaffPicture } from '../api/upload-staff-picture.ts';

/** The staff member's picture (or initials), name and status, with the picture upload. */
export function StaffPictureCard({ staff }: { staff: StaffRecord }) {
  const upload = useUploadStaffPicture();
  const person = staff.personalDetail;

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
      status={staff.role}
      subtitle="College Staff"
      progress={upload.progress}
      busy={upload.isPending}
      onFile={onFile}
    />
  );
}
