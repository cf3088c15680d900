import type { FastifyReply, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordBody,
  companySignupBody,
  signinBody,
  staffSignupBody,
  statusResponse,
  studentSignupBody,
} from '@portal/contracts/auth';
import { envelope, roles } from '@portal/contracts/common';
import { auth, passwords } from '@portal/contracts/messages';
import { readDeviceToken, setDeviceCookie } from '../../lib/device-cookie.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { clearSessionCookie, readSessionToken, setSessionCookie } from '../../lib/session-cookie.ts';
import { currentAccount } from '../../plugins/access.ts';
import type { AuthService, NewSession } from './auth.service.ts';

const confirmation = envelope(z.string());

export const authRoutes: FastifyPluginAsyncZod<{
  authService: AuthService;
  cookieSecure: boolean;
  rateLimit: preHandlerAsyncHookHandler;
  /** The deployment's time zone, told to the web with the role. */
  timeZone: string;
}> = async (app, { authService, cookieSecure, rateLimit, timeZone }) => {
  const signedUp = (reply: FastifyReply, session: NewSession) => {
    setSessionCookie(reply, session.token, session.expiresAt, cookieSecure);
    return reply.status(201).send({ message: auth.signedUp });
  };
  const signupSchema = <B extends z.ZodType>(body: B, role: string) => ({
    tags: ['auth'],
    summary: `Create a ${role} account and sign in`,
    body,
    response: { 201: confirmation, ...errorResponses },
  });

  app.get(
    '/api/',
    {
      config: { access: 'signed-in', allowSuspended: true, allowRejected: true },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in role and the time zone times are shown in',
        response: { 200: statusResponse, ...errorResponses },
      },
    },
    async (request) => ({ message: currentAccount(request).role, timeZone }),
  );

  app.post(
    '/api/student/signup',
    {
      config: { access: 'public' },
      preHandler: rateLimit,
      schema: signupSchema(studentSignupBody, 'student'),
    },
    async (request, reply) => signedUp(reply, await authService.signupStudent(request.body)),
  );

  app.post(
    '/api/college-staff/signup',
    {
      config: { access: 'public' },
      preHandler: rateLimit,
      schema: signupSchema(staffSignupBody, 'college staff'),
    },
    async (request, reply) => signedUp(reply, await authService.signupStaff(request.body)),
  );

  app.post(
    '/api/company/signup',
    {
      config: { access: 'public' },
      preHandler: rateLimit,
      schema: signupSchema(companySignupBody, 'company'),
    },
    async (request, reply) => signedUp(reply, await authService.signupCompany(request.body)),
  );

  for (const role of roles) {
    app.post(
      `/api/${role}/signin`,
      {
        config: { access: 'public' },
        preHandler: rateLimit,
        schema: {
          tags: ['auth'],
          summary: `Sign in as ${role}`,
          body: signinBody,
          response: { 200: confirmation, ...errorResponses },
        },
      },
      async (request, reply) => {
        const session = await authService.signin(role, request.body.emailID, request.body.password, {
          address: request.ip,
          deviceToken: readDeviceToken(request),
        });
        setSessionCookie(reply, session.token, session.expiresAt, cookieSecure);
        setDeviceCookie(reply, session.device.token, session.device.expiresAt, cookieSecure);
        return { message: role === 'company' ? auth.welcome(session.firstName) : auth.signedIn };
      },
    );

    app.post(
      `/api/${role}/resetPassword`,
      {
        config: { access: [role] },
        preHandler: rateLimit,
        schema: {
          tags: ['auth'],
          summary: 'Change the own password; other sessions are signed out',
          body: changePasswordBody,
          response: { 200: confirmation, ...errorResponses },
        },
      },
      async (request) => {
        await authService.changePassword(
          currentAccount(request),
          request.body.currentPassword,
          request.body.newPassword,
        );
        return { message: passwords.changed };
      },
    );

    app.post(
      `/api/${role}/signout`,
      {
        config: { access: 'public' },
        schema: { tags: ['auth'], summary: 'End the current session', response: { 200: confirmation } },
      },
      async (request, reply) => {
        await authService.signout(readSessionToken(request));
        clearSessionCookie(reply, cookieSecure);
        return { message: auth.signedOut };
      },
    );
  }
};
