import { z } from 'zod';
import { idParam } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { internshipInput, projectInput, studentRecord, updateProfileDetailBody } from '../students.ts';

/** Students: the own record, its sections, internships and projects. */
export const studentsApi = {
  profile: endpoint({
    method: 'GET',
    path: '/api/student/getUserData',
    access: ['student'],
    summary: "The signed-in student's record",
    response: studentRecord,
  }),

  updateProfileDetail: endpoint({
    method: 'PUT',
    path: '/api/student/updateProfileDetail',
    access: ['student'],
    summary: 'Update one section of the own record, or add an internship or project',
    body: updateProfileDetailBody,
    // A change to verified academic details answers with a message instead of the record.
    response: z.union([studentRecord, z.string()]),
  }),

  updateInternship: endpoint({
    method: 'PUT',
    path: '/api/student/internships/:id',
    access: ['student'],
    summary: 'Edit an internship',
    params: idParam,
    body: internshipInput,
    response: studentRecord,
  }),

  deleteInternship: endpoint({
    method: 'DELETE',
    path: '/api/student/internships/:id',
    access: ['student'],
    summary: 'Delete an internship',
    params: idParam,
    response: studentRecord,
  }),

  updateProject: endpoint({
    method: 'PUT',
    path: '/api/student/projects/:id',
    access: ['student'],
    summary: 'Edit a project',
    params: idParam,
    body: projectInput,
    response: studentRecord,
  }),

  deleteProject: endpoint({
    method: 'DELETE',
    path: '/api/student/projects/:id',
    access: ['student'],
    summary: 'Delete a project',
    params: idParam,
    response: studentRecord,
  }),
};
