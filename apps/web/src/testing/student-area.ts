import { studentHome } from './homes.ts';
import type { StudentRecord } from '@portal/contracts/students';
import { type StubReply, statusReply } from './api-stub.ts';
import { studentRecord } from './records.ts';

/** The calls every student page makes: the role check, the record and the bell's notifications. */
export const studentAreaStubs = (record: StudentRecord = studentRecord): Record<string, StubReply> => ({
  'GET /api/': statusReply('student'),
  'GET /api/student/getUserData': { body: { message: record } },
  'GET /api/notifications': { body: { message: { items: [], total: 0, unread: 0 } } },
  'GET /api/student/home': { body: { message: studentHome() } },
  // The profile page's "Who viewed your profile" card.
  'GET /api/student/recordViews': { body: { message: { items: [], total: 0 } } },
  // The profile page's card of a change of the sign-in email, when one is under way.
  'GET /api/student/emailChange': { body: { message: null } },
});

/** A copy of the test student with some fields replaced. */
export const studentWith = (changes: Partial<StudentRecord>): StudentRecord => ({
  ...studentRecord,
  ...changes,
});
