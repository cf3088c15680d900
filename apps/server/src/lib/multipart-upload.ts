import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { uploads } from '@portal/contracts/messages';
import { BadRequest } from './errors.ts';

/**
 * Reads the one file of a multipart request into memory, refusing it as soon as it passes the
 * limit: the stream is cut there, never buffered whole. Returns its bytes and the name the client
 * gave it (to show back, never to store under).
 */
export async function readUpload(
  request: FastifyRequest,
  field: string,
  maxBytes: number,
  tooLarge: string,
): Promise<{ bytes: Buffer; fileName: string }> {
  if (!request.isMultipart()) throw new BadRequest(uploads.notMultipart);
  let file: MultipartFile | undefined;
  try {
    file = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 5 } });
  } catch {
    throw new BadRequest(uploads.notMultipart);
  }
  if (!file || file.fieldname !== field) throw new BadRequest(uploads.noFile(field));
  try {
    return { bytes: await file.toBuffer(), fileName: file.filename };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new BadRequest(tooLarge);
    // The stream ended before the closing boundary (a connection cut mid-upload, a broken client).
    throw new BadRequest(uploads.incomplete);
  }
}
