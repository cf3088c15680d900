import { studentHome } from './homes.ts';
import type { Programme } from '@portal/contracts/programmes';
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
  // The academic details' programme picker.
  'GET /api/programmes': { body: { message: programmeCatalogue } },
});

/** A small catalogue: two B.Tech branches, an MBA and a retired programme. */
export const programmeCatalogue: Programme[] = [
  {
    _id: 'p-cse',
    code: 'BTECH-CSE',
    level: 'Undergraduate',
    degree: 'B.Tech',
    branch: 'Computer Science and Engineering',
    name: 'B.Tech Computer Science and Engineering',
    durationYears: 4,
    retired: false,
    students: 30,
  },
  {
    _id: 'p-ece',
    code: 'BTECH-ECE',
    level: 'Undergraduate',
    degree: 'B.Tech',
    branch: 'Electronics and Communication Engineering',
    name: 'B.Tech Electronics and Communication Engineering',
    durationYears: 4,
    retired: false,
    students: 20,
  },
  {
    _id: 'p-mba',
    code: 'MBA',
    level: 'Postgraduate',
    degree: 'MBA',
    branch: '',
    name: 'MBA',
    durationYears: 2,
    retired: false,
    students: 5,
  },
  {
    _id: 'p-old',
    code: 'BTECH-PE',
    level: 'Undergraduate',
    degree: 'B.Tech',
    branch: 'Production Engineering',
    name: 'B.Tech Production Engineering',
    durationYears: 4,
    retired: true,
    students: 0,
  },
];

/** A copy of the test student with some fields replaced. */
export const studentWith = (changes: Partial<StudentRecord>): StudentRecord => ({
  ...studentRecord,
  ...changes,
});
