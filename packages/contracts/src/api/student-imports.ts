import { z } from 'zod';
import { idParam } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { importPreview, importResult } from '../student-imports.ts';

/** Staff import students from a CSV: upload for a preview, then confirm (or discard) it. */
export const studentImportsApi = {
  template: endpoint({
    method: 'GET',
    path: '/api/college-staff/imports/template.csv',
    access: ['college-staff'],
    summary: 'The CSV template of a student import: its header and one example row',
    raw: { produces: ['text/csv'] },
    response: z.string(),
  }),

  preview: endpoint({
    method: 'POST',
    path: '/api/college-staff/imports',
    access: ['college-staff'],
    summary:
      'Check a CSV of students (multipart field file; at most 5 MB and 10,000 rows) and show what importing it would do; nothing is written to students',
    upload: { field: 'file' },
    response: importPreview,
  }),

  confirm: endpoint({
    method: 'POST',
    path: '/api/college-staff/imports/:id/confirm',
    access: ['college-staff'],
    summary:
      'Apply a previewed import in one transaction: refused while it has errors (400), once applied (409) or when the students changed since the preview (409)',
    params: idParam,
    response: importResult,
  }),

  discard: endpoint({
    method: 'DELETE',
    path: '/api/college-staff/imports/:id',
    access: ['college-staff'],
    summary: 'Discard a previewed import; nothing is changed',
    params: idParam,
    response: z.string(),
  }),
};
