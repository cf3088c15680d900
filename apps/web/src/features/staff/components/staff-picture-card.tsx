import type { StaffRecord } from '@portal/contracts/staff';
import { PictureUploadCard } from '../../../components/ui/picture-upload-card.tsx';
import { useUploadStaffPicture } from '../api/upload-staff-picture.ts';

/** The staff member's picture (or initials), name and status, with the picture upload. */
export function StaffPictureCard({ staff }: { staff: StaffRecord }) {
  const upload = useUploadStaffPicture();
  return (
    <PictureUploadCard
      person={staff.personalDetail}
      status={staff.role}
      subtitle="College Staff"
      upload={upload}
    />
  );
}
