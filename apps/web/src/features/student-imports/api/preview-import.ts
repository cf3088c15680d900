import { studentImportsApi } from '@portal/contracts/api/student-imports';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import { uploadTo } from '../../../lib/upload-file.ts';

/** The CSV template: its header and one example row. */
export const importTemplateUrl = api.href(studentImportsApi.template);

/** Uploads a CSV of students; resolves to what importing it would do (nothing is written yet). */
export const previewImport = (file: File, onProgress?: (percent: number) => void) =>
  uploadTo(studentImportsApi.preview, file, { onProgress });

/** Uploads with progress (null when idle). */
export function usePreviewImport() {
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: (file: File) => previewImport(file, setProgress),
    onSettled: () => setProgress(null),
    // The page shows why a file was refused under the file field.
    meta: { ownErrorToast: true },
  });
  return { ...mutation, progress };
}
