import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@portal/contracts/common';
import { uploadFields, uploadLimits } from '@portal/contracts/files';
import { uploads } from '@portal/contracts/messages';
import { readUpload } from '../../lib/multipart-upload.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { currentAccount } from '../../plugins/access.ts';
import type { FilesService } from './files.service.ts';

export const filesRoutes: FastifyPluginAsyncZod<{ filesService: FilesService }> = async (
  app,
  { filesService },
) => {
  const confirm = { 200: envelope(z.string()), ...errorResponses };

  const pictureRoute = (method: 'POST' | 'PUT', role: 'student' | 'college-staff' | 'company') =>
    app.route({
      method,
      url: `/api/${role}/uploadProfilePicture`,
      config: { access: [role] },
      schema: {
        tags: [role],
        summary: 'Replace the profile picture (multipart field profilePicture; JPEG or PNG under 1 MB)',
        consumes: ['multipart/form-data'],
        response: confirm,
      },
      handler: async (request) => {
        const { bytes } = await readUpload(
          request,
          uploadFields.picture,
          uploadLimits.pictureMaxBytes,
          uploads.pictureTooLarge,
        );
        await filesService.replacePicture(currentAccount(request).id, bytes);
        return { message: uploads.pictureUpdated };
      },
    });
  // The spec's methods: staff use PUT, students and companies POST.
  pictureRoute('POST', 'student');
  pictureRoute('PUT', 'college-staff');
  pictureRoute('POST', 'company');

  app.post(
    '/api/student/uploadResume',
    {
      config: { access: ['student'] },
      schema: {
        tags: ['student'],
        summary: 'Replace the resume (multipart field resume; PDF of at most 5 MB)',
        consumes: ['multipart/form-data'],
        response: confirm,
      },
    },
    async (request) => {
      const { bytes } = await readUpload(
        request,
        uploadFields.resume,
        uploadLimits.resumeMaxBytes,
        uploads.resumeTooLarge,
      );
      await filesService.replaceResume(currentAccount(request).id, bytes);
      return { message: uploads.resumeUploaded };
    },
  );

  app.get(
    '/api/files/:ownerId/:name',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['files'],
        summary: 'A profile picture or resume, to those allowed to see it',
        params: z.object({
          ownerId: z.uuid({ error: uploads.fileNotFound }),
          name: z.string().regex(/^[a-z]+-[0-9a-f]{16}\.(png|jpg|pdf)$/, { error: uploads.fileNotFound }),
        }),
      },
    },
    async (request, reply) => {
      const file = await filesService.open(
        currentAccount(request),
        request.params.ownerId,
        request.params.name,
      );
      // Never kept by a cache: a file withdrawn from someone (a suspension) must not stay readable.
      return reply
        .type(file.contentType)
        .header('content-length', file.size)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename="${file.downloadName}"`)
        .send(file.body);
    },
  );
};
