import { filesApi } from '@portal/contracts/api/files';
import { companyFallbacks } from '@portal/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { uploadTo } from '../../../lib/upload-file.ts';
import { getCompanyProfileQueryOptions } from './get-company-profile.ts';

export const uploadCompanyPicture = (file: File, onProgress?: (percent: number) => void) =>
  uploadTo(filesApi.company.uploadProfilePicture, file, { onProgress });

/** Uploads with progress (null when idle); the record is fetched again for the new picture's path. */
export function useUploadCompanyPicture() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: (file: File) => uploadCompanyPicture(file, setProgress),
    meta: { errorFallback: companyFallbacks.uploadPicture },
    onSettled: () => setProgress(null),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getCompanyProfileQueryOptions().queryKey }),
  });
  return { ...mutation, progress };
}
