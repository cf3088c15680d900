import type { CompanyRecord } from '@portal/contracts/companies';
import { PictureUploadCard } from '../../../components/ui/picture-upload-card.tsx';
import { useUploadCompanyPicture } from '../api/upload-company-picture.ts';

/** The recruiter's picture (or initials), name and company, with the picture upload. */
export function CompanyPictureCard({ company }: { company: CompanyRecord }) {
  const upload = useUploadCompanyPicture();
  return (
    <PictureUploadCard
      person={company.personalDetail}
      status={company.role}
      subtitle={company.company}
      upload={upload}
    />
  );
}
