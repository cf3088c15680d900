import { type StudentFilters, studentFilterParams } from './get-students.ts';

/**
 * Where the resume book of every student the list's filters match downloads (a ZIP of resumes and
 * applicants.csv): a plain link, so the browser streams the file to disk.
 */
export const studentsResumeBookHref = (filters: StudentFilters) => {
  const query = studentFilterParams(filters, false).toString();
  return `/api/college-staff/students/resumeBook${query ? `?${query}` : ''}`;
};
