import { debarmentInForce } from '@portal/contracts/placement-policy';
import { isStudentStatus, type Notification } from '@portal/contracts/common';
import { entries, notFound, verification } from '@portal/contracts/messages';
import {
  type InternshipInput,
  MAX_INTERNSHIPS,
  MAX_PROJECTS,
  type ProjectInput,
  type StudentProfileForCompany,
  type StudentRecord,
  type updateProfileDetailBody,
} from '@portal/contracts/students';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { Conflict, NotFound } from '../../lib/errors.ts';
import {
  type AcademicRecordsService,
  toPendingChange,
} from '../academic-records/academic-records.service.ts';
import {
  NOTIFICATIONS_SHOWN,
  type NotificationsService,
  toNotification,
} from '../notifications/notifications.service.ts';
import type { StudentRow, StudentsRepo } from './students.repo.ts';

type UpdateProfileDetailParsed = z.output<typeof updateProfileDetailBody>;

/** Storage keys become API paths the browser can load; an empty key stays empty. */
export const fileUrl = (key: string) => (key ? `/api/files/${key}` : '');

/** Internships and projects as a record or a list card shows them. */
export const toPastEntries = ({ internships, projects }: Pick<StudentRow, 'internships' | 'projects'>) => ({
  internships: internships.map(({ id, company, role, duration, description }) => ({
    _id: id,
    company,
    role,
    duration,
    description,
  })),
  projects: projects.map(({ id, title, link, duration, description }) => ({
    _id: id,
    title,
    link,
    duration,
    description,
  })),
});

/** The debarment a student is under on `today` (YYYY-MM-DD in the deployment's zone), or null. */
export const debarmentOn = ({ account, student }: Pick<StudentRow, 'account' | 'student'>, today: string) =>
  debarmentInForce(account.status, { reason: student.debarReason, until: student.debarredUntil }, today);

/** The record as the spec shapes it, showing the given notifications, pending change and debarment. */
export function toStudentRecord(
  { account, student, internships, projects }: StudentRow,
  notifications: Notification[],
  pendingAcademicChange: StudentRecord['pendingAcademicChange'] = null,
  debarment: StudentRecord['debarment'] = null,
): StudentRecord {
  return {
    _id: account.id,
    // Pending and Rejected are company statuses; a student account never holds them.
    role: isStudentStatus(account.status) || account.status === 'Erased' ? account.status : 'Suspended',
    personalDetail: {
      firstName: account.firstName,
      lastName: account.lastName,
      fathersName: student.fathersName,
      mothersName: student.mothersName,
      emailID: account.email,
      phone: account.phone,
      profilePicture: fileUrl(account.profilePicture),
    },
    educationalDetails: {
      rollNumber: student.rollNumber,
      degrees: student.degrees,
      collegeName: student.collegeName,
      cgpa: student.cgpa,
      yearOfPassing: student.yearOfPassing,
      verified: student.academicsVerifiedAt !== null,
      verification: student.academicsVerifiedAt
        ? { by: student.academicsVerifiedByName, at: student.academicsVerifiedAt.toISOString() }
        : null,
    },
    resume: fileUrl(student.resume),
    placementStatus: {
      isPlaced: student.isPlaced,
      companyName: student.placedCompany,
      packageOffered: student.packageOffered,
      status: student.placementNote,
    },
    applicationStatus: student.applicationStatus,
    debarment,
    pastInternshipsProjects: toPastEntries({ internships, projects }),
    notifications,
    pendingAcademicChange,
  };
}

/** A student as a company sees them: no parents' names, account status or notifications. */
export function toStudentProfileForCompany(row: StudentRow): StudentProfileForCompany {
  const record = toStudentRecord(row, []);
  const { firstName, lastName, emailID, phone, profilePicture } = record.personalDetail;
  return {
    _id: record._id,
    personalDetail: { firstName, lastName, emailID, phone, profilePicture },
    educationalDetails: record.educationalDetails,
    resume: record.resume,
    pastInternshipsProjects: record.pastInternshipsProjects,
  };
}

export function createStudentsService(deps: {
  studentsRepo: StudentsRepo;
  notificationsService: NotificationsService;
  academicRecordsService: AcademicRecordsService;
  /** A debarment's end date is a day in the clock's zone (config TIME_ZONE). */
  clock: Clock;
}) {
  const { studentsRepo } = deps;

  async function getOwnRecord(accountId: string): Promise<StudentRecord> {
    const row = await studentsRepo.findOwnRecord(accountId, NOTIFICATIONS_SHOWN);
    if (!row) throw new NotFound(notFound.student);
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
