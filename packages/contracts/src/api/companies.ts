import { z } from 'zod';
import { idParam } from '../common.ts';
import { collegeIdParam } from '../colleges.ts';
import { companyColleges, companyProfileUpdate, companyRecord } from '../companies.ts';
import { endpoint } from '../endpoint.ts';
import {
  companyDetails,
  companyListQuery,
  companyNameDecisionBody,
  companyPage,
  companyStatusBody,
} from '../staff.ts';

/** Companies: the own record, and the placement cell's list, details and decisions. */
export const companiesApi = {
  profile: endpoint({
    method: 'GET',
    path: '/api/company/getCompanyData',
    access: ['company'],
    // A rejected company still reads its record: it carries the reason it is shown.
    allowRejected: true,
    summary: "The signed-in company's record",
    response: companyRecord,
  }),

  updateProfile: endpoint({
    method: 'PUT',
    path: '/api/company/companyProfileUpdate',
    access: ['company'],
    summary: "Update the recruiter's details and the company name (not the email)",
    description:
      'A company awaiting approval is renamed at once. An approved company keeps its approved name, ' +
      'which students see, and the new one waits for the placement cell (`pendingName`); sending ' +
      'the approved name again withdraws it. A name that claims to be the placement cell, the ' +
      'college, its staff or the portal is refused.',
    body: companyProfileUpdate,
    response: companyRecord,
  }),

  colleges: endpoint({
    method: 'GET',
    path: '/api/company/colleges',
    access: ['company'],
    allowRejected: true,
    allowSuspended: true,
    summary: "The deployment's colleges with the company's standing at each (null: not asked yet)",
    response: companyColleges,
  }),

  askCollege: endpoint({
    method: 'POST',
    path: '/api/company/colleges/:collegeId',
    access: ['company'],
    allowRejected: true,
    allowSuspended: true,
    summary:
      'Ask a college to let the company recruit there; its placement cell decides on its own. Asking again changes nothing and says so',
    params: collegeIdParam,
    response: z.string(),
  }),

  list: endpoint({
    method: 'GET',
    path: '/api/college-staff/companies',
    access: ['college-staff'],
    summary:
      'Companies that signed up (those awaiting approval first), with their recruiter and counts of jobs and applicants, a page at a time (20 by default, at most 100), with the total',
    query: companyListQuery,
    response: companyPage,
  }),

  setStatus: endpoint({
    method: 'PUT',
    path: '/api/college-staff/companies/:id/status',
    access: ['college-staff'],
    summary: 'Approve or reject a company, suspend it or allow it again, with an optional reason shown to it',
    params: idParam,
    body: companyStatusBody,
    response: z.string(),
  }),

  decideName: endpoint({
    method: 'PUT',
    path: '/api/college-staff/companies/:id/name',
    access: ['college-staff'],
    summary:
      'Approve or reject the new name an approved company asked for, naming the one seen, with an optional reason shown to it',
    params: idParam,
    body: companyNameDecisionBody,
    response: z.string(),
  }),

  details: endpoint({
    method: 'GET',
    path: '/api/college-staff/companyDetails/:id',
    access: ['college-staff'],
    summary:
      "A company's jobs with applicants counted per stage, and the decisions about it: the newest 200 jobs and 100 decisions",
    params: idParam,
    response: companyDetails,
  }),
};
