import { filesApi } from '@portal/contracts/api/files';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { uploadTo } from '../../../lib/upload-file.ts';
import { getStudentProfileQueryOptions } from './get-student-profile.ts';

/** Resolves to the server's confirmation ("Resume uploaded successfully."). */
export const uploadResume = (file: File, onProgress?: (percent: number) => void) =>
  uploadTo(filesApi.student.uploadResume, file, { onProgress });

/** Uploads with progress (null when idle); the record is fetched again for the new resume's path. */
export function useUploadResume() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: (file: File) => uploadResume(file, setProgress),
    onSettled: () => setProgress(null),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getStudentProfileQueryOptions().queryKey }),
  });
  return { ...mutation, progress };
}
