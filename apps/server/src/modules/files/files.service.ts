import { randomBytes } from 'node:crypto';
import { uploads } from '@portal/contracts/messages';
import { studentVisibility } from '@portal/contracts/student-visibility';
import { BadRequest, Forbidden, NotFound } from '../../lib/errors.ts';
import { detectFileType, type DetectedType } from '../../lib/file-types.ts';
import type { Storage } from '../../lib/storage.ts';
import type { SessionAccount } from '../../plugins/access.ts';
import type { RecordViewsService } from '../record-views/record-views.service.ts';
import { requireStudentsInView } from '../student-visibility/student-visibility.ts';
import type { FilesRepo } from './files.repo.ts';

const extensions: Record<DetectedType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};
const typeOfExtension = Object.fromEntries(
  Object.entries(extensions).map(([type, ext]) => [ext, type as DetectedType]),
);

const safeName = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase() || 'file';

export type StoredFile = {
  body: NodeJS.ReadableStream;
  size: number;
  contentType: DetectedType;
  downloadName: string;
};

/**
 * Pictures and resumes: checked by their bytes (not their name or declared type), stored under
 * a fresh key, the record pointed at it, and only then the old file removed. A failure midway
 * removes the new file, so nothing dangles either way.
 */
export function createFilesService({
  filesRepo,
  storage,
  recordViewsService,
}: {
  filesRepo: FilesRepo;
  storage: Storage;
  recordViewsService: RecordViewsService;
}) {
  async function store(
    owner: string,
    kind: 'picture' | 'resume',
    bytes: Buffer,
    type: DetectedType,
    point: (key: string) => Promise<string>,
  ) {
    const key = `${owner}/${kind}-${randomBytes(8).toString('hex')}.${extensions[type]}`;
    await storage.put(key, bytes, type);
    let replaced: string;
    try {
      replaced = await point(key);
    } catch (error) {
      await storage.delete(key).catch(() => {});
      throw error;
    }
    if (replaced) await storage.delete(replaced).catch(() => {});
  }

  return {
    async replacePicture(accountId: string, bytes: Buffer) {
      const type = detectFileType(bytes);
      if (type !== 'image/jpeg' && type !== 'image/png') throw new BadRequest(uploads.pictureInvalid);
      await store(accountId, 'picture', bytes, type, (key) => filesRepo.replacePicture(accountId, key));
    },

    async replaceResume(studentId: string, bytes: Buffer) {
      if (detectFileType(bytes) !== 'application/pdf') throw new BadRequest(uploads.resumeInvalid);
      await store(studentId, 'resume', bytes, 'application/pdf', (key) =>
        filesRepo.replaceResume(studentId, key),
      );
    },

    /**
     * Whose files a requester may read follows the visibility rule (`studentVisibility`): a
     * student's files go to whoever sees the student in full (the student, staff, a company
     * allowed to recruit while the student is in good standing); staff's and companies' pictures
     * to anyone signed in but students. The key must be the owner's current file. A company or
     * staff member opening a resume is recorded for the student to see.
     */
    async open(requester: SessionAccount, ownerId: string, name: string): Promise<StoredFile> {
      const owner = await filesRepo.currentFiles(ownerId);
      const key = `${ownerId}/${name}`;
      if (!owner || (key !== owner.picture && key !== owner.resume)) throw new NotFound(uploads.fileNotFound);
      if (owner.role === 'student') {
        requireStudentsInView(requester);
        if (
          studentVisibility(requester, { id: ownerId, status: owner.status, collegeId: owner.collegeId }) !==
          'full'
        ) {
          if (requester.role === 'student') throw new Forbidden(uploads.notYourFile);
          throw new NotFound(uploads.fileNotFound);
        }
      } else if (requester.role === 'student') {
        throw new Forbidden(uploads.notYourFile);
      }
      const contentType = typeOfExtension[name.split('.').pop() ?? ''];
      const file = contentType ? await storage.get(key) : null;
      if (!file || !contentType) throw new NotFound(uploads.fileNotFound);
      const label = key === owner.resume ? 'resume' : 'picture';
      if (label === 'resume') await recordViewsService.record(requester, ownerId, 'resume');
      return {
        ...file,
        contentType,
        downloadName: `${label}-${safeName(`${owner.firstName} ${owner.lastName}`)}.${extensions[contentType]}`,
      };
    },
  };
}
export type FilesService = ReturnType<typeof createFilesService>;
