import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { checkResetLinkBody, forgotPasswordBody, resetForgottenPasswordBody } from '../password-reset.ts';

const tags = ['auth'];

/**
 * What every role's three steps share: literals and imported schemas only (a schema built out
 * here, outside endpoint(), would stay in the browser's build).
 */
const forgotPassword = {
  access: 'public',
  tags,
  summary: 'Email a link to choose a new password (same answer whether the account exists or not)',
  body: forgotPasswordBody,
} as const;
const checkResetLink = {
  access: 'public',
  tags,
  summary: 'Whether an emailed link can still be used',
  body: checkResetLinkBody,
} as const;
const resetForgottenPassword = {
  access: 'public',
  tags,
  summary: "Choose a new password with an emailed link; ends all the account's sessions",
  body: resetForgottenPasswordBody,
} as const;

/** "Forgot Password": a link by email, then a new password chosen on the page it opens, per role. */
export const passwordResetApi = {
  student: {
    forgotPassword: endpoint({
      method: 'POST',
      path: '/api/student/forgotPassword',
      ...forgotPassword,
      response: z.string(),
    }),
    checkResetLink: endpoint({
      method: 'POST',
      path: '/api/student/checkResetLink',
      ...checkResetLink,
      response: z.string(),
    }),
    resetForgottenPassword: endpoint({
      method: 'POST',
      path: '/api/student/resetForgottenPassword',
      ...resetForgottenPassword,
      response: z.string(),
    }),
  },

  'college-staff': {
    forgotPassword: endpoint({
      method: 'POST',
      path: '/api/college-staff/forgotPassword',
      ...forgotPassword,
      response: z.string(),
    }),
    checkResetLink: endpoint({
      method: 'POST',
      path: '/api/college-staff/checkResetLink',
      ...checkResetLink,
      response: z.string(),
    }),
    resetForgottenPassword: endpoint({
      method: 'POST',
      path: '/api/college-staff/resetForgottenPassword',
      ...resetForgottenPassword,
      response: z.string(),
    }),
  },

  company: {
    forgotPassword: endpoint({
      method: 'POST',
      path: '/api/company/forgotPassword',
      ...forgotPassword,
      response: z.string(),
    }),
    checkResetLink: endpoint({
      method: 'POST',
      path: '/api/company/checkResetLink',
      ...checkResetLink,
      response: z.string(),
    }),
    resetForgottenPassword: endpoint({
      method: 'POST',
      path: '/api/company/resetForgottenPassword',
      ...resetForgottenPassword,
      response: z.string(),
    }),
  },
};
