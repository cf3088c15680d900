import { filesApi } from '@portal/contracts/api/files';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { uploadTo } from '../../../lib/upload-file.ts';
import { getStaffProfileQueryOptions } from './get-staff-profile.ts';

/** Resolves to the server's confirmation ("Profile picture updated."). Staff upload with PUT. */
export const uploadStaffPicture = (file: File, onProgress?: (percent: number) => void) =>
  uploadTo(filesApi['college-staff'].uploadProfilePicture, file, { onProgress });

/** Uploads with progress (null when idle); the record is fetched again for the new picture's path. */
export function useUploadStaffPicture() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: (file: File) => uploadStaffPicture(file, setProgress),
    onSettled: () => setProgress(null),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getStaffProfileQueryOptions().queryKey }),
  });
  return { ...mutation, progress };
}
