import type { Notification } from '@portal/contracts/common';
import type { StudentRecord } from '@portal/contracts/students';
import { NotFound } from '../../lib/errors.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { StudentRow, StudentsRepo } from './students.repo.ts';

export const STUDENT_NOT_FOUND = 'Student not found.';

/** Storage keys become API paths the browser can load; an empty key stays empty. */
export const fileUrl = (key: string) => (key ? `/api/files/${key}` : '');

export function toStudentRecord({ account, student }: StudentRow, notifications: Notification[]): StudentRecord {
  return {
    _id: account.id,
    role: account.status,
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
    },
    resume: fileUrl(student.resume),
    placementStatus: {
      isPlaced: student.isPlaced,
      companyName: student.placedCompany,
      packageOffered: student.packageOffered,
      status: student.placementNote,
    },
    applicationStatus: student.applicationStatus,
    pastInternshipsProjects: { internships: [], projects: [] },
    notifications,
  };
}

export function createStudentsService(deps: {
  studentsRepo: StudentsRepo;
  notificationsService: NotificationsService;
}) {
  return {
    async getOwnRecord(accountId: string): Promise<StudentRecord> {
      const row = await deps.studentsRepo.findById(accountId);
      if (!row) throw new NotFound(STUDENT_NOT_FOUND);
      return toStudentRecord(row, await deps.notificationsService.latest(accountId));
    },
  };
}
export type StudentsService = ReturnType<typeof createStudentsService>;
