import { z } from 'zod';
import {
  passwordSigninSettings,
  providerBody,
  providerParams,
  providerTestBody,
  providerTestResult,
  signinOptions,
  signinOptionsQuery,
  signinSettings,
  startQuery,
} from '../college-signin.ts';
import { endpoint } from '../endpoint.ts';

const tags = ['sign-in through the college'];

/** Sign-in through the college's OpenID Connect providers, and the staff's settings of it. */
export const collegeSigninApi = {
  options: endpoint({
    method: 'GET',
    path: '/api/oidc/options',
    access: 'public',
    tags,
    summary: "The college's sign-in buttons for a role, and whether it signs in with a password",
    query: signinOptionsQuery,
    response: signinOptions,
  }),
  start: endpoint({
    method: 'GET',
    path: '/api/oidc/:id/start',
    access: 'public',
    tags,
    summary: 'Start a sign-in through a provider: a redirect (302) to it',
    description:
      'Keeps the state, nonce and PKCE verifier on the server under a random token the browser holds in an HttpOnly cookie for 10 minutes.',
    params: providerParams,
    query: startQuery,
    response: z.string(),
    raw: { produces: ['text/plain'] },
  }),
  callback: endpoint({
    method: 'GET',
    path: '/api/oidc/callback',
    access: 'public',
    tags,
    summary:
      "The provider's answer: a session and a redirect (302) to the role's home, or to the sign-in page with an error code",
    response: z.string(),
    raw: { produces: ['text/plain'] },
  }),
  settings: endpoint({
    method: 'GET',
    path: '/api/college-staff/signin',
    access: ['college-staff'],
    tags,
    summary: "The college's sign-in providers (never their client secrets) and password sign-in settings",
    response: signinSettings,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/college-staff/signin/providers',
    access: ['college-staff'],
    tags,
    summary: 'Add a sign-in provider',
    body: providerBody,
    response: z.string(),
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/college-staff/signin/providers/:id',
    access: ['college-staff'],
    tags,
    summary: 'Change a sign-in provider (an empty client secret keeps the stored one)',
    params: providerParams,
    body: providerBody,
    response: z.string(),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/college-staff/signin/providers/:id',
    access: ['college-staff'],
    tags,
    summary: 'Remove a sign-in provider',
    params: providerParams,
    response: z.string(),
  }),
  test: endpoint({
    method: 'POST',
    path: '/api/college-staff/signin/test',
    access: ['college-staff'],
    tags,
    summary: 'Run OpenID Connect discovery against an issuer and report what it found',
    body: providerTestBody,
    response: providerTestResult,
  }),
  passwords: endpoint({
    method: 'PUT',
    path: '/api/college-staff/signin/passwords',
    access: ['college-staff'],
    tags,
    summary: "Turn the college's password sign-in on or off for students and for staff",
    body: passwordSigninSettings,
    response: z.string(),
  }),
};
