import { filesApi } from '@portal/contracts/api/files';
import { urlOf } from '@portal/contracts/endpoint';

/**
 * A stored file's address for the browser: the files endpoint (`filesApi.file`) for its storage key,
 * `<owner id>/<name>` as files.service.ts makes it. No file (an empty key), no address. Every module
 * that shows a picture or a resume builds its link here.
 */
export function fileUrl(key: string): string {
  if (!key) return '';
  const slash = key.indexOf('/');
  return urlOf(filesApi.file, { params: { ownerId: key.slice(0, slash), name: key.slice(slash + 1) } });
}
