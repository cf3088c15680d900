import { and, asc, eq, gte, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, companies, driveDayCoordinators, driveDayInterviews, driveDays } from '../../db/schema.ts';
import type { DriveDaysRepo } from './drive-days.repo.ts';

type InterviewRow = typeof driveDayInterviews.$inferSelect;

/** The board's writes (a tap: one interview row, only from the state it was read in) and the coordinators. */
export type BoardStep =
  | { action: 'check-in'; at: Date; by: string }
  | { action: 'call-in'; at: Date; by: string }
  | {
      action: 'check-out';
      at: Date;
      by: string;
      result: { result: NonNullable<InterviewRow['result']>; byId: string; by: string } | null;
    }
  | { action: 'undo-check-out' }
  /** A tap taken back, only from the state it left (see `undoableTap` in the contracts). */
  | { action: 'undo'; tap: 'check-in' | 'call-in' | 'check-out' };

const isUniqueViolation = (error: unknown): boolean => {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23505') return true;
  return false;
};

export function createBoardRepo(db: Database, driveDaysRepo: Pick<DriveDaysRepo, 'publishBoard'>) {
  /** The tap's write, with its live event, in one transaction. */
  const write = async (interviewId: string, step: BoardStep): Promise<'done' | 'moved-on'> =>
    db.transaction(async (tx) => {
      const live = eq(driveDayInterviews.live, true);
      const id = eq(driveDayInterviews.id, interviewId);
      let where;
      let set: Partial<InterviewRow>;
      switch (step.action) {
        case 'check-in':
          where = and(id, live, isNull(driveDayInterviews.checkedInAt));
          set = { checkedInAt: step.at, checkedInBy: step.by };
          break;
        case 'call-in':
          where = and(id, live, isNull(driveDayInterviews.calledInAt));
          set = { calledInAt: step.at, calledInBy: step.by };
          break;
        case 'check-out':
          where = and(id, live, isNull(driveDayInterviews.checkedOutAt));
          set = {
            checkedOutAt: step.at,
            checkedOutBy: step.by,
            ...(step.result
              ? { result: step.result.result, resultById: step.result.byId, resultBy: step.result.by }
              : {}),
          };
          break;
        case 'undo':
          if (step.tap === 'check-in') {
            where = and(
              id,
              live,
              isNotNull(driveDayInterviews.checkedInAt),
              isNull(driveDayInterviews.calledInAt),
            );
            set = { checkedInAt: null, checkedInBy: null };
          } else if (step.tap === 'call-in') {
            where = and(
              id,
              live,
              isNotNull(driveDayInterviews.calledInAt),
              isNull(driveDayInterviews.checkedOutAt),
            );
            set = { calledInAt: null, calledInBy: null };
          } else {
            where = and(
              id,
              live,
              isNotNull(driveDayInterviews.checkedOutAt),
              isNull(driveDayInterviews.result),
            );
            set = { checkedOutAt: null, checkedOutBy: null };
          }
          break;
        case 'undo-check-out':
          where = id;
          set = {
            checkedOutAt: null,
            checkedOutBy: null,
            result: null,
            resultById: null,
            resultBy: null,
          };
          break;
      }
      const rows = await tx
        .update(driveDayInterviews)
        .set(set)
        .where(where)
        .returning({ driveDayId: driveDayInterviews.driveDayId, panelId: driveDayInterviews.panelId });
      const [row] = rows;
      if (!row) return 'moved-on';
      await driveDaysRepo.publishBoard(row.driveDayId, row.panelId, tx);
      return 'done';
    });

  return {
    /**
     * Writes one tap on the board if the row is still as the service read it (two coordinators
     * tapping at once make one change), with the `board` live event, in one transaction:
     * 'moved-on' when the row had changed meanwhile, 'room-busy' when another student was called
     * into the panel's room at the same moment.
     */
    async step(interviewId: string, step: BoardStep): Promise<'done' | 'moved-on' | 'room-busy'> {
      try {
        return await write(interviewId, step);
      } catch (error) {
        // The partial unique index on the panel's one student in the room decided between two call-ins.
        if (isUniqueViolation(error)) return 'room-busy';
        throw error;
      }
    },

    /** Whether the account coordinates any drive day (the sub-role of `access: ['coordinator']`). */
    async isCoordinator(accountId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: driveDayCoordinators.id })
        .from(driveDayCoordinators)
        .where(eq(driveDayCoordinators.accountId, accountId))
        .limit(1);
      return row !== undefined;
    },

    /** The account's assignment for the day, or null. */
    async assignment(driveDayId: string, accountId: string) {
      const [row] = await db
        .select()
        .from(driveDayCoordinators)
        .where(
          and(eq(driveDayCoordinators.driveDayId, driveDayId), eq(driveDayCoordinators.accountId, accountId)),
        );
      return row ?? null;
    },

    /** The account's assignments for days from `fromDate` on, soonest first. */
    assignmentsOf: (accountId: string, fromDate: string) =>
      db
        .select({ assignment: driveDayCoordinators, date: driveDays.date })
        .from(driveDayCoordinators)
        .innerJoin(driveDays, eq(driveDays.id, driveDayCoordinators.driveDayId))
        .where(and(eq(driveDayCoordinators.accountId, accountId), gte(driveDays.date, fromDate)))
        .orderBy(asc(driveDays.date)),

    /** The day's coordinators with their names and emails. */
    coordinators: (driveDayId: string) =>
      db
        .select({
          assignment: driveDayCoordinators,
          firstName: accounts.firstName,
          lastName: accounts.lastName,
          email: accounts.email,
        })
        .from(driveDayCoordinators)
        .innerJoin(accounts, eq(accounts.id, driveDayCoordinators.accountId))
        .where(eq(driveDayCoordinators.driveDayId, driveDayId))
        .orderBy(asc(accounts.firstName), asc(accounts.lastName)),

    /** A student or staff account of the college with this (lower-cased) email, or null. */
    async collegeAccount(email: string, collegeId: number) {
      const [row] = await db
        .select({ id: accounts.id, firstName: accounts.firstName, lastName: accounts.lastName })
        .from(accounts)
        .where(
          and(
            eq(accounts.email, email),
            eq(accounts.collegeId, collegeId),
            inArray(accounts.role, ['student', 'college-staff']),
          ),
        );
      return row ?? null;
    },

    /** Companies' names by account id. */
    companyNames: (ids: string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select({ id: companies.accountId, name: companies.name })
            .from(companies)
            .where(inArray(companies.accountId, ids)),

    /** Adds an assignment; null when the account already coordinates the day. */
    async addCoordinator(row: typeof driveDayCoordinators.$inferInsert) {
      try {
        const [written] = await db.insert(driveDayCoordinators).values(row).returning();
        return written!;
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    /** Ends an assignment; false when there was none. */
    async removeCoordinator(driveDayId: string, id: string): Promise<boolean> {
      const gone = await db
        .delete(driveDayCoordinators)
        .where(and(eq(driveDayCoordinators.id, id), eq(driveDayCoordinators.driveDayId, driveDayId)))
        .returning({ id: driveDayCoordinators.id });
      return gone.length > 0;
    },
  };
}
export type BoardRepo = ReturnType<typeof createBoardRepo>;
