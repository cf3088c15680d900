import { entries, notFound, verification } from '@portal/contracts/messages';
import {
  type InternshipInput,
  MAX_INTERNSHIPS,
  MAX_PROJECTS,
  type ProjectInput,
  type StudentRecord,
  type updateProfileDetailBody,
} from '@portal/contracts/students';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { Conflict, NotFound } from '../../lib/errors.ts';
import { toPendingChange } from '../academic-records/academic-records.read.ts';
import type { AcademicRecordsService } from '../academic-records/academic-records.service.ts';
import { NOTIFICATIONS_SHOWN, toNotification } from '../notifications/notifications.read.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { OwnRecordCopy } from './own-record-copy.ts';
import type { StudentsRepo } from './students.repo.ts';
import { debarmentOn, toStudentRecord } from './students.read.ts';

type UpdateProfileDetailParsed = z.output<typeof updateProfileDetailBody>;

export function createStudentsService(deps: {
  studentsRepo: StudentsRepo;
  notificationsService: NotificationsService;
  academicRecordsService: AcademicRecordsService;
  /** A debarment's end date is a day in the clock's zone (config TIME_ZONE). */
  clock: Clock;
  ownRecordCopy: OwnRecordCopy;
}) {
  const { studentsRepo, ownRecordCopy } = deps;

  /**
   * The student's own record. `reading` (a page's GET) may answer from this server's recent copy
   * (own-record-copy.ts); a save reads it afresh.
   */
  async function getOwnRecord(accountId: string, { reading = false } = {}): Promise<StudentRecord> {
    const readAt = deps.clock.now().getTime();
    let row = reading ? ownRecordCopy.get(accountId, readAt) : undefined;
    if (!row) {
      const since = ownRecordCopy.generation();
      const found = await studentsRepo.findOwnRecord(accountId, NOTIFICATIONS_SHOWN);
      if (!found) throw new NotFound(notFound.student);
      ownRecordCopy.keep(accountId, found, readAt, since);
      row = found;
    }
    return toStudentRecord(
      row,
      row.notifications.map(toNotification),
      toPendingChange(row.pendingChange),
      debarmentOn(row, deps.clock.today()),
    );
  }

  const found = (ok: boolean, message: string) => {
    if (!ok) throw new NotFound(message);
  };

  return {
    getOwnRecord,

    /**
     * One section of the student's own record; the schema already refused any other field. Resolves
     * to the updated record, or to a message when a change to verified academic details was sent
     * to the placement cell for approval instead.
     */
    async updateProfileDetail(
      accountId: string,
      update: UpdateProfileDetailParsed,
    ): Promise<StudentRecord | string> {
      switch (update.typ) {
        case 'personalDetail':
          await studentsRepo.updatePersonal(accountId, update.value);
          break;
        case 'educationalDetails':
          if ((await deps.academicRecordsService.studentEdit(accountId, update.value)) === 'requested') {
            return verification.sentForApproval;
          }
          break;
        case 'internships':
          if (!(await studentsRepo.addInternship(accountId, update.value, MAX_INTERNSHIPS))) {
            throw new Conflict(entries.internship.tooMany(MAX_INTERNSHIPS));
          }
          break;
        case 'projects':
          if (!(await studentsRepo.addProject(accountId, update.value, MAX_PROJECTS))) {
            throw new Conflict(entries.project.tooMany(MAX_PROJECTS));
          }
          break;
      }
      return getOwnRecord(accountId);
    },

    async updateInternship(accountId: string, id: string, fields: Required<InternshipInput>) {
      found(await studentsRepo.updateInternship(accountId, id, fields), entries.internship.notFound);
      return getOwnRecord(accountId);
    },

    async deleteInternship(accountId: string, id: string) {
      found(await studentsRepo.deleteInternship(accountId, id), entries.internship.notFound);
      return getOwnRecord(accountId);
    },

    async updateProject(accountId: string, id: string, fields: Required<ProjectInput>) {
      found(await studentsRepo.updateProject(accountId, id, fields), entries.project.notFound);
      return getOwnRecord(accountId);
    },

    async deleteProject(accountId: string, id: string) {
      found(await studentsRepo.deleteProject(accountId, id), entries.project.notFound);
      return getOwnRecord(accountId);
    },
  };
}
export type StudentsService = ReturnType<typeof createStudentsService>;
