import { desc, eq, sql } from 'drizzle-orm';
import type { RecordView } from '@portal/contracts/record-views';
import type { Database } from '../../db/client.ts';
import { companies, recordViews, students } from '../../db/schema.ts';

export function createRecordViewsRepo(db: Database) {
  return {
    /**
     * Records one look, unless the same viewer looked at the same thing of the same student since
     * `since`: one statement, so the check and the insert see the same table.
     */
    async add(view: {
      studentId: string;
      viewerId: string;
      viewerName: string;
      what: RecordView['what'];
      at: Date;
      since: Date;
    }) {
      await db.execute(sql`
        insert into record_views (student_id, viewer_id, viewer_name, what, created_at)
        select ${view.studentId}::uuid, ${view.viewerId}::uuid, ${view.viewerName},
               ${view.what}::record_view_kind, ${view.at.toISOString()}::timestamptz
        where not exists (
          select 1 from record_views
          where viewer_id = ${view.viewerId}::uuid
            and student_id = ${view.studentId}::uuid
            and what = ${view.what}::record_view_kind
            and created_at > ${view.since.toISOString()}::timestamptz
        )`);
    },

    /**
     * Records a look at many students at once (a resume book), in one statement: each student's
     * row unless this viewer looked at the same thing of that student since `since`.
     */
    async addMany(views: {
      students: { studentId: string; what: RecordView['what'] }[];
      viewerId: string;
      viewerName: string;
      at: Date;
      since: Date;
    }) {
      if (views.students.length === 0) return;
      // Two array literals, each bound as one value: uuids and kind names need no quoting.
      const ids = `{${views.students.map((s) => s.studentId).join(',')}}`;
      const kinds = `{${views.students.map((s) => s.what).join(',')}}`;
      await db.execute(sql`
        insert into record_views (student_id, viewer_id, viewer_name, what, created_at)
        select v.student_id, ${views.viewerId}::uuid, ${views.viewerName}, v.what,
               ${views.at.toISOString()}::timestamptz
        from unnest(${ids}::uuid[], ${kinds}::record_view_kind[]) as v(student_id, what)
        where not exists (
          select 1 from record_views r
          where r.viewer_id = ${views.viewerId}::uuid
            and r.student_id = v.student_id
            and r.what = v.what
            and r.created_at > ${views.since.toISOString()}::timestamptz
        )`);
    },

    /** One page of the student's views, newest first, and how many there are in all. */
    async page(studentId: string, page: number, pageSize: number) {
      const [rows, [counted]] = await Promise.all([
        db
          .select({ viewer: recordViews.viewerName, what: recordViews.what, at: recordViews.createdAt })
          .from(recordViews)
          .where(eq(recordViews.studentId, studentId))
          .orderBy(desc(recordViews.createdAt), desc(recordViews.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(recordViews)
          .where(eq(recordViews.studentId, studentId)),
      ]);
      return { rows, total: counted?.n ?? 0 };
    },

    async studentExists(studentId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: students.accountId })
        .from(students)
        .where(eq(students.accountId, studentId));
      return row !== undefined;
    },

    async companyName(accountId: string): Promise<string | null> {
      const [row] = await db
        .select({ name: companies.name })
        .from(companies)
        .where(eq(companies.accountId, accountId));
      return row?.name ?? null;
    },
  };
}
export type RecordViewsRepo = ReturnType<typeof createRecordViewsRepo>;
