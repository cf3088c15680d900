import { z } from 'zod';
import {
  changePasswordBody,
  companySignupBody,
  signinBody,
  staffSignupBody,
  statusResponse,
  studentSignupBody,
} from '../auth.ts';
import { endpoint } from '../endpoint.ts';

const tags = ['auth'];

/**
 * What every role's sign-up, sign-in, password change and sign-out share: literals and imported
 * schemas only (a schema built out here, outside endpoint(), would stay in the browser's build).
 */
const signup = { access: 'public', tags, status: 201 } as const;
const signin = { access: 'public', tags, body: signinBody } as const;
const changePassword = {
  tags,
  summary: 'Change the own password; other sessions are signed out',
  body: changePasswordBody,
} as const;
const signout = { access: 'public', tags, summary: 'End the current session' } as const;

/** Who is signed in, and each role's sign-up, sign-in, password change and sign-out. */
export const authApi = {
  status: endpoint({
    method: 'GET',
    path: '/api/',
    access: 'signed-in',
    allowSuspended: true,
    allowRejected: true,
    tags,
    summary: 'The signed-in role and the time zone times are shown in',
    response: statusResponse,
    whole: true,
  }),

  student: {
    signup: endpoint({
      method: 'POST',
      path: '/api/student/signup',
      ...signup,
      response: z.string(),
      summary: 'Create a student account and sign in',
      body: studentSignupBody,
    }),
    signin: endpoint({
      method: 'POST',
      path: '/api/student/signin',
      ...signin,
      response: z.string(),
      summary: 'Sign in as student',
    }),
    resetPassword: endpoint({
      method: 'POST',
      path: '/api/student/resetPassword',
      access: ['student'],
      ...changePassword,
      response: z.string(),
    }),
    signout: endpoint({ method: 'POST', path: '/api/student/signout', ...signout, response: z.string() }),
  },

  'college-staff': {
    signup: endpoint({
      method: 'POST',
      path: '/api/college-staff/signup',
      ...signup,
      response: z.string(),
      summary: 'Create a college staff account and sign in',
      body: staffSignupBody,
    }),
    signin: endpoint({
      method: 'POST',
      path: '/api/college-staff/signin',
      ...signin,
      response: z.string(),
      summary: 'Sign in as college-staff',
    }),
    resetPassword: endpoint({
      method: 'POST',
      path: '/api/college-staff/resetPassword',
      access: ['college-staff'],
      ...changePassword,
      response: z.string(),
    }),
    signout: endpoint({
      method: 'POST',
      path: '/api/college-staff/signout',
      ...signout,
      response: z.string(),
    }),
  },

  company: {
    signup: endpoint({
      method: 'POST',
      path: '/api/company/signup',
      ...signup,
      response: z.string(),
      summary: 'Create a company account and sign in',
      body: companySignupBody,
    }),
    signin: endpoint({
      method: 'POST',
      path: '/api/company/signin',
      ...signin,
      response: z.string(),
      summary: 'Sign in as company',
    }),
    resetPassword: endpoint({
      method: 'POST',
      path: '/api/company/resetPassword',
      access: ['company'],
      ...changePassword,
      response: z.string(),
    }),
    signout: endpoint({ method: 'POST', path: '/api/company/signout', ...signout, response: z.string() }),
  },
};
