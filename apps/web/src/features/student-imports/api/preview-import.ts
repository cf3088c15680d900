import { type ImportPreview, importUploadField } from '@portal/contracts/student-imports';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { uploadFile } from '../../../lib/upload-file.ts';

/** The CSV template: its header and one example row. */
export const importTemplateUrl = '/api/college-staff/imports/template.csv';

/** Uploads a CSV of students; resolves to what importing it would do (nothing is written yet). */
export const previewImport = (file: File, onProgress?: (percent: number) => void) =>
  uploadFile<ImportPreview>('/api/college-staff/imports', { field: importUploadField, file, onProgress });

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
