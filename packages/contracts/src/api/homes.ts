import { endpoint } from '../endpoint.ts';
import { companyHome, staffHome, studentHome } from '../homes.ts';

const tags = ['homes'];

/** Each role's home (the page its area opens with): one answer per page. */
export const homesApi = {
  student: endpoint({
    method: 'GET',
    path: '/api/student/home',
    access: ['student'],
    tags,
    summary:
      "The student's day: profile completeness, offers to answer, upcoming interviews, applications by stage, new jobs they may apply to",
    response: studentHome,
  }),
  staff: endpoint({
    method: 'GET',
    path: '/api/college-staff/home',
    access: ['college-staff'],
    tags,
    summary: "Staff's day: approvals waiting, today's interviews, the season's figures, recent activity",
    response: staffHome,
  }),
  company: endpoint({
    method: 'GET',
    path: '/api/company/home',
    access: ['company'],
    tags,
    summary: "The company's day: its jobs with applicants per stage, today's interviews, what awaits it",
    response: companyHome,
  }),
};
