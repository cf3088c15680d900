import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Answers over 1 KB go out with brotli or gzip, whichever the client takes first (brotli at the
 * plugin's quality 4: most of the saving for little CPU per request). Left alone: what is already
 * encoded (the web app's precompressed files), partial content (206, Content-Range counts
 * unencoded bytes), and types that do not shrink (the PDF, JPEG and PNG uploads). Compressed
 * request bodies are refused rather than inflated: a small one could unpack past the body limit.
 */
export const compression = fp(async (app: FastifyInstance) => {
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false });
});
