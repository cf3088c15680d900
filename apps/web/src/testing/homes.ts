import { stages } from '@portal/contracts/applications';
import type { CompanyHome, StaffHome, StudentHome } from '@portal/contracts/homes';

const noneByStage = () => stages.map((stage) => ({ stage, count: 0 }));

/** Each role's home with nothing to show: a new account's, a college's first day. */
export const studentHome = (changes: Partial<StudentHome> = {}): StudentHome => ({
  completeness: { percent: 100, missing: [] },
  offers: [],
  upcoming: [],
  applications: 0,
  applicationsByStage: noneByStage(),
  newJobs: [],
  ...changes,
});

export const staffHome = (changes: Partial<StaffHome> = {}): StaffHome => ({
  approvals: { companies: [], companiesWaiting: 0, nameChangesWaiting: 0, changeRequestsWaiting: 0 },
  today: [],
  figures: {
    students: 0,
    placed: 0,
    openJobs: 0,
    applications: 0,
    offersMade: 0,
    offersAccepted: 0,
    offersWaiting: 0,
  },
  activity: [],
  ...changes,
});

export const companyHome = (changes: Partial<CompanyHome> = {}): CompanyHome => ({
  status: 'Allowed',
  jobs: [],
  today: [],
  awaiting: { newApplicants: 0, offersWaiting: 0 },
  ...changes,
});
