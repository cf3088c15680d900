import type { CompanyRecord } from '@portal/contracts/companies';
import { companyFallbacks } from '@portal/contracts/messages';
import { toast } from 'react-toastify';
import { PictureUploadCard } from '../../../components/ui/picture-upload-card.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useUploadCompanyPicture } from '../api/upload-company-picture.ts';

/** The recruiter's picture (or initials), name and company, with the picture upload. */
export function CompanyPictureCard({ company }: { company: CompanyRecord }) {
  const upload = useUploadCompanyPicture();
  const person = company.personalDetail;
  const onFile = (file: File) =>
    upload.mutate(file, {
      onSuccess: (message) => toast.success(message),
      onError: (error) =>
        toast.error(
          isApiError(error)
            ? (error.serverMessage ?? companyFallbacks.uploadPicture)
            : companyFallbacks.uploadPicture,
        ),
    });
  return (
    <PictureUploadCard
      name={`${person.firstName} ${person.lastName}`}
      email={person.emailID}
      picture={person.profilePicture}
      status={company.role}
      subtitle={company.company}
      progress={upload.progress}
      busy={upload.isPending}
      onFile={onFile}
    />
  );
}
