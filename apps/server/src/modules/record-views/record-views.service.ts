import type { z } from 'zod';
import type { RecordView, RecordViewPage, recordViewQuery } from '@portal/contracts/record-views';
import { notFound, placementCell } from '@portal/contracts/messages';
import type { Clock } from '../../lib/clock.ts';
import { NotFound } from '../../lib/errors.ts';
import type { SessionAccount } from '../../plugins/access.ts';
import type { RecordViewsRepo } from './record-views.repo.ts';

type PageQuery = z.output<typeof recordViewQuery>;

/** Repeated looks at one thing by one viewer within this span count once. */
export const REPEAT_VIEW_WINDOW_MS = 10 * 60_000;

/** Where a failure to record a view is reported; the request it rode on goes on regardless. */
export type ErrorLog = { error: (details: object, message: string) => void };

/**
 * Who opened a student's full record or resume: companies and staff leave a row each time (once
 * per ten minutes), and the student and staff read the list.
 */
export function createRecordViewsService(deps: {
  recordViewsRepo: RecordViewsRepo;
  log: ErrorLog;
  clock: Clock;
}) {
  const { recordViewsRepo: repo } = deps;
  const { now } = deps.clock;

  /** As the student reads it: the company's name, or the placement cell with the staff member's. */
  async function viewerName(viewer: SessionAccount): Promise<string | null> {
    if (viewer.role === 'college-staff') return placementCell.member(viewer.name);
    if (viewer.role === 'company') return repo.companyName(viewer.id);
    return null;
  }

  return {
    /**
     * Records that a company or staff member looked at the student's record or resume. Never
     * throws: a failure is logged and the look it was about still gets its answer.
     */
    async record(viewer: SessionAccount, studentId: string, what: RecordView['what']): Promise<void> {
      try {
        const name = await viewerName(viewer);
        if (name === null) return;
        const at = now();
        await repo.add({
          studentId,
          viewerId: viewer.id,
          viewerName: name,
          what,
          at,
          since: new Date(at.getTime() - REPEAT_VIEW_WINDOW_MS),
        });
      } catch (error) {
        deps.log.error({ err: error, studentId, what }, 'could not record a view of a student record');
      }
    },

    /**
     * Records that a company or staff member looked at many students at once (a resume book), in
     * one insert. Unlike `record` it throws: a book is not sent unless its looks are recorded.
     */
    async recordMany(
      viewer: SessionAccount,
      looks: { studentId: string; what: RecordView['what'] }[],
    ): Promise<void> {
      const name = await viewerName(viewer);
      if (name === null || looks.length === 0) return;
      const at = now();
      await repo.addMany({
        students: looks,
        viewerId: viewer.id,
        viewerName: name,
        at,
        since: new Date(at.getTime() - REPEAT_VIEW_WINDOW_MS),
      });
    },

    /** The student's views, newest first; the route decides who may read them. */
    async list(studentId: string, query: PageQuery): Promise<RecordViewPage> {
      if (!(await repo.studentExists(studentId))) throw new NotFound(notFound.student);
      const { rows, total } = await repo.page(studentId, query.page, query.pageSize);
      return {
        items: rows.map((r) => ({ viewer: r.viewer, what: r.what, at: r.at.toISOString() })),
        total,
      };
    },
  };
}
export type RecordViewsService = ReturnType<typeof createRecordViewsService>;
