import type { Listen } from '../../db/client.ts';
import { createNotifiedCopy } from '../../lib/notified-copy.ts';
import type { StudentsRepo } from './students.repo.ts';

/** A student's own record as the repo reads it for their page. */
export type OwnRecordRow = NonNullable<Awaited<ReturnType<StudentsRepo['findOwnRecord']>>>;

/**
 * Each server's short-lived copy of the records it has just read for their students' own pages
 * (`getUserData`, asked on every page a student opens), so that opening a page does not ask the
 * database again for a record nothing has changed (docs/architecture.md, "Sessions").
 *
 * What keeps it true, as the session copy's (lib/notified-copy.ts):
 * - only the page read uses it; whatever a request that may change something (any method but GET
 *   and HEAD) changed, this server empties the copy before answering (`forgetAll`, as it does the
 *   sessions'), so the student's next page here shows their save;
 * - a change made anywhere (another server, a worker, a script) to what the record holds NOTIFYs
 *   `student_records_changed` at commit with the students' ids, or `*` for more than 100 (migration
 *   0050): every server forgets them;
 * - an entry is kept `ttlMs` at most (SESSION_CACHE_SECONDS), the bound should the listening
 *   connection be down; with no LISTEN nothing is kept.
 */
export function createOwnRecordCopy(options: { ttlMs: number }) {
  const copy = createNotifiedCopy<OwnRecordRow>(options);
  const heard = (payload: string) => {
    if (payload === '*') copy.forgetAll();
    else for (const id of payload.split(',')) copy.forget(id);
  };
  return {
    generation: copy.generation,
    get: copy.get,
    keep: copy.keep,
    forgetAll: copy.forgetAll,
    watch: (listen: Listen) => copy.watch(listen, { student_records_changed: heard }),
    size: copy.size,
  };
}
export type OwnRecordCopy = ReturnType<typeof createOwnRecordCopy>;
