import type { CompanyRecord } from '@portal/contracts/companies';
import type { StaffRecord } from '@portal/contracts/staff';
import type { StudentRecord } from '@portal/contracts/students';

export const studentRecord: StudentRecord = {
  _id: 'b7c8f3de-0000-4000-8000-000000000001',
  role: 'Allowed',
  personalDetail: {
    firstName: 'Asha',
    lastName: 'Verma',
    fathersName: 'Ravi Verma',
    mothersName: '',
    emailID: 'asha@example.com',
    phone: '9876543210',
    profilePicture: '',
  },
  educationalDetails: {
    rollNumber: '21BCE1012',
    degrees: ['B.Tech'],
    collegeName: 'City College',
    cgpa: 8.2,
    yearOfPassing: 2026,
    verified: false,
    verification: null,
  },
  resume: '',
  placementStatus: { isPlaced: false, companyName: '', packageOffered: null, status: '' },
  applicationStatus: '',
  pastInternshipsProjects: { internships: [], projects: [] },
  notifications: [],
  pendingAcademicChange: null,
  debarment: null,
};

export const staffRecord: StaffRecord = {
  _id: 'b7c8f3de-0000-4000-8000-000000000002',
  role: 'Allowed',
  personalDetail: {
    firstName: 'Meera',
    lastName: 'Iyer',
    staffID: '4521',
    emailID: 'meera@example.com',
    phone: '9876500000',
    profilePicture: '',
  },
  notifications: [],
};

export const companyRecord: CompanyRecord = {
  _id: 'b7c8f3de-0000-4000-8000-000000000003',
  role: 'Allowed',
  personalDetail: {
    firstName: 'Karan',
    lastName: 'Shah',
    staffID: '77',
    emailID: 'karan@acme.com',
    phone: '9876511111',
    profilePicture: '',
  },
  company: 'Acme Corp',
  pendingName: null,
  statusReason: '',
  notifications: [],
};
