import type { Archiver, ArchiverOptions } from 'archiver';

/**
 * A new ZIP stream. archiver is loaded with the first one, not at start-up: it takes a tenth of a
 * second to load, and start-up is held within 3 s (docs/performance.md).
 */
export async function createZip(options: ArchiverOptions): Promise<Archiver> {
  const { default: archiver } = await import('archiver');
  return archiver('zip', options);
}
