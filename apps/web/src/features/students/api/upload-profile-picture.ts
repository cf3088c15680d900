import { filesApi } from '@portal/contracts/api/files';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { uploadTo } from '../../../lib/upload-file.ts';
import { getStudentProfileQueryOptions } from './get-student-profile.ts';

/** Resolves to the server's confirmation ("Profile picture updated."). */
export const uploadProfilePicture = (file: File, onProgress?: (percent: number) => void) =>
  uploadTo(filesApi.student.uploadProfilePicture, file, { onProgress });

/** Uploads with progress (null when idle); the record is fetched again for the new picture's path. */
export function useUploadProfilePicture() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: (file: File) => uploadProfilePicture(file, setProgress),
    onSettled: () => setProgress(null),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getStudentProfileQueryOptions().queryKey }),
  });
  return { ...mutation, progress };
}
