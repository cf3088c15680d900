import type {
  CompanyDetails,
  CompanySummary,
  PlacementStatistics,
  StaffStudentDetails,
  StudentCard,
  StudentPage,
} from '@portal/contracts/staff';
import { type StubReply, statusReply } from './api-stub.ts';
import { staffHome } from './homes.ts';
import { staffRecord, studentRecord } from './records.ts';

/** The calls every staff page makes: the role check, the record and the bell's notifications. */
export const staffAreaStubs = (): Record<string, StubReply> => ({
  'GET /api/': statusReply('college-staff'),
  'GET /api/college-staff/getCollegeStaffData': { body: { message: staffRecord } },
  'GET /api/notifications': { body: { message: { items: [], total: 0, unread: 0 } } },
  'GET /api/college-staff/home': { body: { message: staffHome() } },
});

export const studentCard = (changes: Partial<StudentCard> = {}): StudentCard => ({
  _id: 'b7c8f3de-0000-4000-8000-000000000101',
  name: 'Amar Tripathi',
  emailID: 'amar@example.com',
  rollNumber: '21BCE1007',
  degrees: ['B.Tech'],
  cgpa: 8.4,
  yearOfPassing: 2026,
  verified: false,
  role: 'Allowed',
  placementStatus: { isPlaced: false, companyName: '', packageOffered: null, status: '' },
  resume: '',
  internships: [],
  projects: [],
  ...changes,
});

export const studentPage = (items: StudentCard[], changes: Partial<StudentPage> = {}): StudentPage => ({
  items,
  total: items.length,
  totalCapped: false,
  page: 1,
  pageSize: 20,
  ...changes,
});

export const studentDetails = (changes: Partial<StaffStudentDetails> = {}): StaffStudentDetails => ({
  ...studentRecord,
  version: 3,
  audit: [],
  applications: [],
  pendingEmail: null,
  emailChange: null,
  ...changes,
});

export const companySummary = (changes: Partial<CompanySummary> = {}): CompanySummary => ({
  _id: 'b7c8f3de-0000-4000-8000-000000000201',
  company: 'Acme Corp',
  pendingName: null,
  pendingNameAt: null,
  nameApprovedHere: false,
  recruiterName: 'Karan Shah',
  emailID: 'karan@acme.com',
  role: 'Allowed',
  statusReason: '',
  signedUpAt: '2026-06-01T10:00:00.000Z',
  jobs: 2,
  applicants: 5,
  ...changes,
});

export const companyDetails = (changes: Partial<CompanyDetails> = {}): CompanyDetails => ({
  ...companySummary(),
  phone: '9876511111',
  jobList: [],
  statusHistory: [],
  nameHistory: [],
  ...changes,
});

export const placementStatistics: PlacementStatistics = {
  totalStudents: 40,
  placedStudents: 12,
  placementRate: 0.3,
  highestPackage: 24,
  medianPackage: 8.5,
  averagePackage: 9.25,
  byDegree: [
    { degree: 'B.Tech', branch: 'Computer Science and Engineering', total: 30, placed: 10 },
    { degree: 'MCA', branch: '', total: 10, placed: 2 },
  ],
  byYear: [{ year: 2026, total: 40, placed: 12 }],
  applicationsByStage: [
    { stage: 'Form Submitted', count: 14 },
    { stage: 'Offer Letter', count: 3 },
  ],
  offers: { made: 9, accepted: 5, declined: 2, lapsed: 1 },
  noShows: { marked: 2, waived: 1 },
  placedByTier: [
    { tier: 'Regular', placed: 8 },
    { tier: 'Dream', placed: 4 },
  ],
};
