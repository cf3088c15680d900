import { allowedMoves, needsPackage, type Stage } from '@portal/contracts/applications';
import { instantOfWallClock } from '@portal/contracts/dates';
import {
  type BoardTap,
  type Coordinator,
  type CoordinatorAssignment,
  type RoomBoard,
  undoableTap,
} from '@portal/contracts/drive-days';
import { board as messages, driveDays as dayMessages } from '@portal/contracts/messages';
import type { Clock } from '../../lib/clock.ts';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../lib/errors.ts';
import type { SessionAccount } from '../../plugins/access.ts';
import type { PipelineService } from '../pipeline/pipeline.service.ts';
import { boardPanelOf, stateOf } from './board-queue.ts';
import type { BoardRepo } from './board.repo.ts';
import type { DriveDaysRepo } from './drive-days.repo.ts';
import type { DriveDaysService } from './drive-days.service.ts';

type PanelJoin = Awaited<ReturnType<DriveDaysRepo['panels']>>[number];
type Assignment = NonNullable<Awaited<ReturnType<BoardRepo['assignment']>>>;

/**
 * Who looks at a board and what they may touch: staff every panel of their college's day, a company
 * its own panels, a coordinator the panels of their assignment's companies or rooms. Only staff
 * and companies enter results.
 */
type Viewer =
  | { kind: 'staff'; account: SessionAccount }
  | { kind: 'company'; account: SessionAccount }
  | { kind: 'coordinator'; account: SessionAccount; assignment: Assignment };

const inScope = (viewer: Viewer, p: PanelJoin) =>
  viewer.kind === 'staff' ||
  (viewer.kind === 'company' && p.companyId === viewer.account.id) ||
  (viewer.kind === 'coordinator' &&
    ((p.panel.roomId !== null && viewer.assignment.roomIds.includes(p.panel.roomId)) ||
      viewer.assignment.companyIds.includes(p.companyId)));

/** The stage a result moves the application to: the pipeline's next stage, or Rejected. */
const stageAfter = (stage: Stage, result: 'next-stage' | 'rejected'): Stage =>
  result === 'rejected' ? 'Rejected' : (allowedMoves(stage)[0] ?? stage);

/**
 * The room board of a published drive day and its coordinators. Taps write the interview row
 * (only from the state it was read in) and tell the board's viewers; a result at check-out moves the
 * application through the pipeline service, as the company's own move would.
 */
export function createBoardService(deps: {
  boardRepo: BoardRepo;
  driveDaysRepo: DriveDaysRepo;
  driveDaysService: Pick<DriveDaysService, 'markNoShow'>;
  pipelineService: Pick<PipelineService, 'moveOnBoard'>;
  clock: Clock;
}) {
  const { boardRepo, driveDaysRepo: days, clock } = deps;

  async function publishedDay(id: string) {
    const day = await days.day(id);
    if (!day) throw new NotFound(dayMessages.notFound);
    if (day.status !== 'published') throw new Conflict(messages.notPublished);
    return day;
  }

  /** The viewer of a day's board; a coordinator without an assignment for this day sees no such day. */
  async function viewerOf(account: SessionAccount, dayId: string, as: Viewer['kind']): Promise<Viewer> {
    if (as !== 'coordinator') return { kind: as, account };
    const assignment = await boardRepo.assignment(dayId, account.id);
    if (!assignment) throw new NotFound(dayMessages.notFound);
    return { kind: 'coordinator', account, assignment };
  }

  async function board(viewer: Viewer, id: string): Promise<RoomBoard> {
    const day = await publishedDay(id);
    const panels = (
      await days.panels([id], viewer.kind === 'company' ? viewer.account.id : undefined)
    ).filter((p) => inScope(viewer, p));
    const rows = await days.interviews({ driveDayIds: [id] });
    const instantOf = (minute: number) =>
      instantOfWallClock(Date.parse(`${day.date}T00:00:00Z`) + minute * 60_000, clock.timeZone);
    return {
      day: { id: day.id, date: day.date },
      entersResults: viewer.kind !== 'coordinator',
      panels: panels.map((p) => boardPanelOf(p, rows, instantOf)),
    };
  }

  /** The interview and its panel, refused when the panel is not the viewer's to act on. */
  async function interviewFor(viewer: Viewer, dayId: string, interviewId: string) {
    await publishedDay(dayId);
    const [i] = await days.interviews({ id: interviewId, driveDayIds: [dayId] });
    if (!i) throw new NotFound(dayMessages.itemNotFound);
    const p = (await days.panels([dayId])).find((x) => x.panel.id === i.panelId);
    if (!p) throw new NotFound(dayMessages.itemNotFound);
    if (!inScope(viewer, p)) {
      // A company learns nothing of another's panels; a coordinator is told the panel is not theirs.
      if (viewer.kind === 'coordinator') throw new Forbidden(messages.notInScope);
      throw new NotFound(dayMessages.itemNotFound);
    }
    return { i, p };
  }

  /** One student in a panel's room at a time: refuses while another is inside, naming them. */
  async function refuseWhileRoomBusy(dayId: string, panelId: string) {
    const rows = await days.interviews({ driveDayIds: [dayId] });
    const inside = rows.find((r) => r.panelId === panelId && stateOf(r) === 'in-room');
    if (inside) throw new Conflict(messages.roomBusy(`${inside.firstName} ${inside.lastName}`));
  }

  async function act(viewer: Viewer, dayId: string, interviewId: string, body: BoardTap): Promise<string> {
    if (body.result !== null && viewer.kind === 'coordinator')
      throw new Forbidden(messages.noResultByCoordinator);
    const { i, p } = await interviewFor(viewer, dayId, interviewId);
    const student = `${i.firstName} ${i.lastName}`;
    const state = stateOf(i);
    if (state === 'no-show') throw new Conflict(messages.noShowAlready);
    const by = viewer.account.name;
    const at = clock.now();
    const wrote = (outcome: Awaited<ReturnType<BoardRepo['step']>>) => {
      if (outcome === 'room-busy') throw new Conflict(messages.roomTaken);
      if (outcome === 'moved-on') throw new Conflict(messages.changedMeanwhile);
    };
    switch (body.action) {
      case 'check-in': {
        if (state !== 'expected') throw new Conflict(messages.alreadyCheckedIn);
        wrote(await boardRepo.step(i.id, { action: 'check-in', at, by }));
        return messages.checkedIn(student);
      }
      case 'call-in': {
        if (state === 'expected') throw new Conflict(messages.notCheckedIn);
        if (state !== 'waiting') throw new Conflict(messages.alreadyInRoom);
        await refuseWhileRoomBusy(dayId, p.panel.id);
        wrote(await boardRepo.step(i.id, { action: 'call-in', at, by }));
        return messages.calledIn(student);
      }
      case 'check-out': {
        if (state === 'done') throw new Conflict(messages.alreadyDone);
        if (state !== 'in-room') throw new Conflict(messages.notInRoom);
        if (body.result === null) {
          wrote(await boardRepo.step(i.id, { action: 'check-out', at, by, result: null }));
          return messages.checkedOut(student);
        }
        // The result moves the application only from the panel's stage: a move made meanwhile
        // (on the applicant's page) stands, and its next step is taken there.
        if (i.applicationStage !== p.panel.stage)
          throw new Conflict(messages.stageMovedMeanwhile(i.applicationStage));
        const to = stageAfter(i.applicationStage, body.result);
        const result = { result: body.result, byId: viewer.account.id, by };
        wrote(await boardRepo.step(i.id, { action: 'check-out', at, by, result }));
        if (body.result === 'next-stage' && needsPackage(to)) return messages.offerPending(student);
        try {
          await deps.pipelineService.moveOnBoard(viewer.account, p.companyId, i.applicationId, to);
        } catch (error) {
          // The move was refused (moved meanwhile, the placement policy): the student is still in the room.
          await boardRepo.step(i.id, { action: 'undo-check-out' });
          throw error;
        }
        return to === 'Rejected' ? messages.checkedOut(student) : messages.movedTo(student, to);
      }
      case 'undo': {
        const tap = undoableTap(state, i.result !== null);
        if (tap === null)
          throw new Conflict(i.result !== null ? messages.resultStands : messages.nothingToUndo);
        if (tap === 'check-out') {
          // Back into the room only while it is free: one student in the room at a time.
          await refuseWhileRoomBusy(dayId, p.panel.id);
        }
        wrote(await boardRepo.step(i.id, { action: 'undo', tap }));
        return messages.undone[tap](student);
      }
    }
  }

  return {
    isCoordinator: (accountId: string) => boardRepo.isCoordinator(accountId),

    async board(account: SessionAccount, id: string, as: Viewer['kind']) {
      return board(await viewerOf(account, id, as), id);
    },

    async act(account: SessionAccount, id: string, interviewId: string, body: BoardTap, as: Viewer['kind']) {
      return act(await viewerOf(account, id, as), id, interviewId, body);
    },

    /** A coordinator marks a no-show on a panel of their scope, through the ledger's own path. */
    async coordinatorNoShow(account: SessionAccount, id: string, interviewId: string, reason: string) {
      await interviewFor(await viewerOf(account, id, 'coordinator'), id, interviewId);
      return deps.driveDaysService.markNoShow(account, id, interviewId, reason);
    },

    async assignments(account: SessionAccount): Promise<CoordinatorAssignment[]> {
      const today = clock.today();
      const rows = await boardRepo.assignmentsOf(account.id, today);
      const result: CoordinatorAssignment[] = [];
      for (const r of rows) {
        const names = await boardRepo.companyNames(r.assignment.companyIds);
        const rooms = (await days.rooms(r.assignment.driveDayId)).filter((room) =>
          r.assignment.roomIds.includes(room.id),
        );
        result.push({
          driveDayId: r.assignment.driveDayId,
          date: r.date,
          today: r.date === today,
          scope: [...names.map((n) => n.name).sort(), ...rooms.map((room) => room.name)],
        });
      }
      return result;
    },

    async coordinators(id: string): Promise<Coordinator[]> {
      const day = await days.day(id);
      if (!day) throw new NotFound(dayMessages.notFound);
      const rows = await boardRepo.coordinators(id);
      const rooms = await days.rooms(id);
      const names = await boardRepo.companyNames([...new Set(rows.flatMap((r) => r.assignment.companyIds))]);
      return rows.map((r) => ({
        id: r.assignment.id,
        name: `${r.firstName} ${r.lastName}`,
        email: r.email,
        companies: names.filter((n) => r.assignment.companyIds.includes(n.id)),
        rooms: rooms
          .filter((room) => r.assignment.roomIds.includes(room.id))
          .map((room) => ({ id: room.id, name: room.name })),
        assignedBy: r.assignment.assignedByName,
      }));
    },

    async addCoordinator(
      actor: SessionAccount,
      id: string,
      body: { email: string; companyIds: string[]; roomIds: string[] },
    ) {
      const day = await days.day(id);
      if (!day) throw new NotFound(dayMessages.notFound);
      const account = await boardRepo.collegeAccount(body.email, day.collegeId);
      if (!account) throw new BadRequest(messages.coordinatorUnknown);
      const rooms = new Set((await days.rooms(id)).map((r) => r.id));
      const companies = new Set((await days.panels([id])).map((p) => p.companyId));
      if (!body.roomIds.every((r) => rooms.has(r)) || !body.companyIds.every((c) => companies.has(c)))
        throw new BadRequest(messages.coordinatorScopeUnknown);
      const written = await boardRepo.addCoordinator({
        driveDayId: id,
        accountId: account.id,
        companyIds: [...new Set(body.companyIds)],
        roomIds: [...new Set(body.roomIds)],
        assignedById: actor.id,
        assignedByName: actor.name,
      });
      if (!written) throw new Conflict(messages.coordinatorTaken);
      return messages.coordinatorAdded(`${account.firstName} ${account.lastName}`);
    },

    async removeCoordinator(id: string, coordinatorId: string) {
      if (!(await boardRepo.removeCoordinator(id, coordinatorId)))
        throw new NotFound(messages.coordinatorNotFound);
      return messages.coordinatorRemoved;
    },
  };
}
export type BoardService = ReturnType<typeof createBoardService>;
