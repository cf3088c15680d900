import type { Clock } from '../../lib/clock.ts';
import type { Storage } from '../../lib/storage.ts';
import type { FilesRepo } from './files.repo.ts';

/** Files younger than this may belong to an upload under way (stored, record not yet pointed at it). */
export const ORPHAN_MIN_AGE_MS = 3_600_000;
const BATCH = 500;

/**
 * The upload sweep (a worker of workers.ts: at start-up, then daily): removes uploaded files that
 * no record names, and the temporary files of writes a crash cut short. An upload stores its file
 * before pointing the record at it, and deletes the old file after, so a process killed in between
 * leaves a file nobody names; only files older than `olderThanMs` go, so an upload in progress in
 * another process is left alone.
 */
export async function sweepOrphanUploads({
  storage,
  filesRepo,
  clock,
  olderThanMs = ORPHAN_MIN_AGE_MS,
}: {
  storage: Pick<Storage, 'list' | 'delete' | 'removeUnfinished'>;
  filesRepo: Pick<FilesRepo, 'referencedKeys'>;
  clock: Pick<Clock, 'fromNow'>;
  olderThanMs?: number;
}): Promise<{ orphans: number; unfinished: number }> {
  const before = clock.fromNow(-olderThanMs);
  let orphans = 0;
  let batch: string[] = [];
  const sweep = async () => {
    const referenced = await filesRepo.referencedKeys(batch);
    for (const key of batch) {
      if (referenced.has(key)) continue;
      await storage.delete(key);
      orphans++;
    }
    batch = [];
  };
  for await (const { key, lastModified } of storage.list()) {
    if (lastModified >= before) continue;
    batch.push(key);
    if (batch.length >= BATCH) await sweep();
  }
  await sweep();
  const unfinished = await storage.removeUnfinished(before);
  return { orphans, unfinished };
}
