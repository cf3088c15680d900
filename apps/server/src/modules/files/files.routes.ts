import type { FastifyInstance, FastifyRequest } from 'fastify';
import { filesApi } from '@portal/contracts/api/files';
import { uploadLimits } from '@portal/contracts/files';
import { uploads } from '@portal/contracts/messages';
import type { SessionAccount } from '../../plugins/access.ts';
import { readUpload } from '../../lib/multipart-upload.ts';
import { route } from '../../lib/route.ts';
import type { FilesService } from './files.service.ts';

export async function filesRoutes(app: FastifyInstance, { filesService }: { filesService: FilesService }) {
  const replacePicture = async ({
    account,
    request,
  }: {
    account: SessionAccount;
    request: FastifyRequest;
  }) => {
    const { bytes } = await readUpload(
      request,
      filesApi.student.uploadProfilePicture.upload.field,
      uploadLimits.pictureMaxBytes,
      uploads.pictureTooLarge,
    );
    await filesService.replacePicture(account.id, bytes);
    return uploads.pictureUpdated;
  };
  // The spec's methods: staff use PUT, students and companies POST (each endpoint says which).
  route(app, filesApi.student.uploadProfilePicture, replacePicture);
  route(app, filesApi['college-staff'].uploadProfilePicture, replacePicture);
  route(app, filesApi.company.uploadProfilePicture, replacePicture);

  route(app, filesApi.student.uploadResume, async ({ account, request }) => {
    const { bytes } = await readUpload(
      request,
      filesApi.student.uploadResume.upload.field,
      uploadLimits.resumeMaxBytes,
      uploads.resumeTooLarge,
    );
    await filesService.replaceResume(account.id, bytes);
    return uploads.resumeUploaded;
  });

  route(app, filesApi.file, async ({ account, params, reply }) => {
    const file = await filesService.open(account, params.ownerId, params.name);
    // Never kept by a cache: a file withdrawn from someone (a suspension) must not stay readable.
    return reply
      .type(file.contentType)
      .header('content-length', file.size)
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `inline; filename="${file.downloadName}"`)
      .send(file.body);
  });
}
