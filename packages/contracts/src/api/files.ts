import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { pictureTypes, resumeTypes } from '../files.ts';
import { uploads } from '../messages.ts';

/**
 * Profile pictures and resumes: each account uploads its own (one file in a multipart field); a file
 * is read by those allowed to see it, at the path its owner's record gives.
 */
export const filesApi = {
  student: {
    uploadProfilePicture: endpoint({
      method: 'POST',
      path: '/api/student/uploadProfilePicture',
      access: ['student'],
      summary: 'Replace the profile picture (multipart field profilePicture; JPEG or PNG under 1 MB)',
      response: z.string(),
      upload: { field: 'profilePicture' },
    }),
    uploadResume: endpoint({
      method: 'POST',
      path: '/api/student/uploadResume',
      access: ['student'],
      summary: 'Replace the resume (multipart field resume; PDF of at most 5 MB)',
      response: z.string(),
      upload: { field: 'resume' },
    }),
  },

  'college-staff': {
    uploadProfilePicture: endpoint({
      method: 'PUT',
      path: '/api/college-staff/uploadProfilePicture',
      access: ['college-staff'],
      summary: 'Replace the profile picture (multipart field profilePicture; JPEG or PNG under 1 MB)',
      response: z.string(),
      upload: { field: 'profilePicture' },
    }),
  },

  company: {
    uploadProfilePicture: endpoint({
      method: 'POST',
      path: '/api/company/uploadProfilePicture',
      access: ['company'],
      summary: 'Replace the profile picture (multipart field profilePicture; JPEG or PNG under 1 MB)',
      response: z.string(),
      upload: { field: 'profilePicture' },
    }),
  },

  file: endpoint({
    method: 'GET',
    path: '/api/files/:ownerId/:name',
    access: 'signed-in',
    tags: ['files'],
    summary: 'A profile picture or resume, to those allowed to see it',
    params: z.object({
      ownerId: z.uuid({ error: uploads.fileNotFound }),
      name: z.string().regex(/^[a-z]+-[0-9a-f]{16}\.(png|jpg|pdf)$/, { error: uploads.fileNotFound }),
    }),
    raw: { produces: [...pictureTypes, ...resumeTypes] },
    response: z.string(),
  }),
};
