import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  collegeSigninMessages as messages,
  type ProviderBody,
  SIGNIN_ERROR_PARAM,
} from '@portal/contracts/college-signin';
import type { Role } from '@portal/contracts/common';
import { auth } from '@portal/contracts/messages';
import { DEVICE_COOKIE } from '../../lib/device-cookie.ts';
import { SESSION_COOKIE } from '../../lib/session-cookie.ts';
import { followToCallback, type OpenIdProvider, startOpenIdProvider } from '../../test/openid-provider.ts';
import { PASSWORD } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type Person, world, type World } from '../../test/world.ts';

/*
 * Sign-in through the college against a real OpenID provider (oidc-provider, in this process on a
 * random port): the portal discovers it, sends the browser there with PKCE, state and nonce, and
 * takes the code back at its callback. The test follows the browser's redirects with its cookies.
 */

let t: TestApp;
let w: World;
let op: OpenIdProvider;
let staff: Person;
/** How far the app's clock runs ahead of the machine's (the provider keeps the machine's). */
let clockAhead = 0;
const logLines: string[] = [];

beforeAll(async () => {
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => logLines.push(...chunk.toString().split('\n').filter(Boolean)));
  t = await createTestApp({}, { logStream, now: () => new Date(Date.now() + clockAhead) });
  w = world(t);
  op = await startOpenIdProvider({
    redirectUri: `${t.config.mail.appUrl}/api/oidc/callback`,
    idTokenTtl: 120,
  });
  staff = await w.staff();
});
afterAll(async () => {
  await op.close();
  await t.close();
});
beforeEach(() => {
  clockAhead = 0;
  op.tamperIdTokens(undefined);
});

const provider = (changes: Partial<ProviderBody> = {}): ProviderBody => ({
  kind: 'other',
  displayName: 'Sign in with the Example account',
  issuer: op.issuer,
  clientId: op.clientId,
  clientSecret: op.clientSecret,
  allowedDomains: ['example.com'],
  roles: ['student', 'college-staff'],
  enabled: true,
  ...changes,
});

const asStaff = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: staff.cookie }, ...(payload && { payload }) });

async function settings() {
  const response = await asStaff('GET', '/api/college-staff/signin');
  expect(response.statusCode).toBe(200);
  return response.json<{
    message: { providers: { id: string; displayName: string }[]; passwordSignin: Record<string, boolean> };
  }>().message;
}

/** Adds a provider as staff do, and answers its id. */
async function addProvider(changes: Partial<ProviderBody> = {}) {
  const response = await asStaff('POST', '/api/college-staff/signin/providers', provider(changes));
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json()).toEqual({ message: messages.saved });
  const list = (await settings()).providers;
  return list[list.length - 1]!.id;
}

const cookieValue = (setCookie: string | string[] | undefined, name: string) =>
  [setCookie ?? []]
    .flat()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0]
    ?.slice(name.length + 1);

/**
 * A browser signing in through the provider as `person`: the portal's start, the provider's
 * login, the portal's callback. Answers the callback's reply.
 */
async function signInThrough(
  providerId: string,
  role: Role,
  person: Parameters<OpenIdProvider['signInAs']>[0],
) {
  const start = await t.app.inject({ url: `/api/oidc/${providerId}/start?role=${role}` });
  expect(start.statusCode, start.body).toBe(302);
  const location = String(start.headers.location);
  expect(location.startsWith(`${op.issuer}/auth?`), location).toBe(true);
  const query = new URL(location).searchParams;
  expect(query.get('code_challenge_method')).toBe('S256');
  expect(query.get('state')).toBeTruthy();
  expect(query.get('nonce')).toBeTruthy();
  const flow = cookieValue(start.headers['set-cookie'], 'portal_oidc');
  expect(flow).toBeTruthy();

  op.signInAs(person);
  const appUrl = t.config.mail.appUrl;
  const back = await followToCallback(location, `${appUrl}/api/oidc/callback`);
  return t.app.inject({ url: back.slice(appUrl.length), headers: { cookie: `portal_oidc=${flow}` } });
}

/** The landing of a refused sign-in: no session, the sign-in page with the error's code. */
function expectRefused(
  reply: Awaited<ReturnType<typeof signInThrough>>,
  role: Role,
  code: keyof typeof messages.errors,
) {
  expect(reply.statusCode).toBe(302);
  expect(reply.headers.location).toBe(`/signin/${role}?${SIGNIN_ERROR_PARAM}=${code}`);
  expect(cookieValue(reply.headers['set-cookie'], SESSION_COOKIE)).toBeUndefined();
}

describe('sign-in through the college', () => {
  it('signs a student in with a verified email of the college, as a password sign-in does', async () => {
    const id = await addProvider();
    const student = await w.student();
    const reply = await signInThrough(id, 'student', {
      sub: 'student-1',
      email: student.email,
      email_verified: true,
    });
    expect(reply.statusCode).toBe(302);
    expect(reply.headers.location).toBe('/student');
    const session = cookieValue(reply.headers['set-cookie'], SESSION_COOKIE);
    expect(session).toBeTruthy();
    expect(cookieValue(reply.headers['set-cookie'], DEVICE_COOKIE)).toMatch(/^[\w-]{43}$/);
    const status = await t.app.inject({ url: '/api/', headers: { cookie: `${SESSION_COOKIE}=${session}` } });
    expect(status.json()).toMatchObject({ message: 'student' });
    const data = await t.app.inject({
      url: '/api/student/getUserData',
      headers: { cookie: `${SESSION_COOKIE}=${session}` },
    });
    expect(data.statusCode).toBe(200);
    expect(JSON.stringify(data.json())).toContain(student.email);
  });

  it('signs staff in and lands them on their home; an email in capitals matches too', async () => {
    const id = await addProvider();
    const member = await w.staff();
    const reply = await signInThrough(id, 'college-staff', {
      sub: 'staff-1',
      email: member.email.toUpperCase(),
      email_verified: true,
    });
    expect(reply.headers.location).toBe('/college-staff');
    expect(cookieValue(reply.headers['set-cookie'], SESSION_COOKIE)).toBeTruthy();
  });

  it('refuses an ID token issued for another client (wrong audience)', async () => {
    const id = await addProvider();
    const student = await w.student();
    op.tamperIdTokens((claims) => ({ ...claims, aud: 'other-app' }));
    const reply = await signInThrough(id, 'student', {
      sub: 'student-2',
      email: student.email,
      email_verified: true,
    });
    expectRefused(reply, 'student', 'failed');
    expect(logLines.some((line) => line.includes('unexpected JWT \\"aud\\" (audience) claim value'))).toBe(
      true,
    );
  });

  it('refuses an email outside the allowed domains, even a verified one', async () => {
    const id = await addProvider();
    const reply = await signInThrough(id, 'student', {
      sub: 'student-3',
      email: 'someone@elsewhere.org',
      email_verified: true,
    });
    expectRefused(reply, 'student', 'domain');
    // A subdomain is another domain.
    const sub = await signInThrough(id, 'student', {
      sub: 'student-4',
      email: 'someone@mail.example.com',
      email_verified: true,
    });
    expectRefused(sub, 'student', 'domain');
  });

  it('refuses an email the provider has not verified, or says nothing of', async () => {
    const id = await addProvider();
    const student = await w.student();
    expectRefused(
      await signInThrough(id, 'student', { sub: 'student-5', email: student.email, email_verified: false }),
      'student',
      'unverified',
    );
    expectRefused(
      await signInThrough(id, 'student', { sub: 'student-6', email: student.email }),
      'student',
      'unverified',
    );
  });

  it('refuses an ID token that has expired by the portal clock', async () => {
    const id = await addProvider();
    const student = await w.student();
    // The provider issues tokens valid for 2 minutes, by the machine's clock; the portal's runs 10 minutes ahead.
    clockAhead = 10 * 60_000;
    const reply = await signInThrough(id, 'student', {
      sub: 'student-7',
      email: student.email,
      email_verified: true,
    });
    expectRefused(reply, 'student', 'failed');
    expect(logLines.some((line) => line.includes('\\"exp\\" (expiration time) claim'))).toBe(true);
  });

  it('signs nobody up: a verified email of the college without an account is refused', async () => {
    const id = await addProvider();
    const reply = await signInThrough(id, 'student', {
      sub: 'student-8',
      email: 'new-person@example.com',
      email_verified: true,
    });
    expectRefused(reply, 'student', 'noAccount');
  });

  it('matches the role of the page: a staff email on the student page has no student account', async () => {
    const id = await addProvider();
    const member = await w.staff();
    const reply = await signInThrough(id, 'student', {
      sub: 'staff-2',
      email: member.email,
      email_verified: true,
    });
    expectRefused(reply, 'student', 'noAccount');
  });

  it('accepts an answer once, only in the browser that started it, and not after 10 minutes', async () => {
    const id = await addProvider();
    const student = await w.student();
    const start = await t.app.inject({ url: `/api/oidc/${id}/start?role=student` });
    const flow = cookieValue(start.headers['set-cookie'], 'portal_oidc');
    op.signInAs({ sub: 'student-9', email: student.email, email_verified: true });
    const appUrl = t.config.mail.appUrl;
    const back = (
      await followToCallback(String(start.headers.location), `${appUrl}/api/oidc/callback`)
    ).slice(appUrl.length);
    // Another browser (no cookie, or someone else's) cannot use the code.
    expect((await t.app.inject({ url: back })).headers.location).toBe(
      `/signin?${SIGNIN_ERROR_PARAM}=expired`,
    );
    expect(
      (await t.app.inject({ url: back, headers: { cookie: 'portal_oidc=forged' } })).headers.location,
    ).toBe(`/signin?${SIGNIN_ERROR_PARAM}=expired`);
    clockAhead = 11 * 60_000;
    expectRefused(
      await t.app.inject({ url: back, headers: { cookie: `portal_oidc=${flow}` } }),
      'student',
      'expired',
    );
    // Used (even when refused): the same cookie again is no sign-in under way.
    clockAhead = 0;
    expect(
      (await t.app.inject({ url: back, headers: { cookie: `portal_oidc=${flow}` } })).headers.location,
    ).toBe(`/signin?${SIGNIN_ERROR_PARAM}=expired`);
  });

  it('refuses a state that is not the one it sent', async () => {
    const id = await addProvider();
    const student = await w.student();
    const start = await t.app.inject({ url: `/api/oidc/${id}/start?role=student` });
    const flow = cookieValue(start.headers['set-cookie'], 'portal_oidc');
    op.signInAs({ sub: 'student-10', email: student.email, email_verified: true });
    const appUrl = t.config.mail.appUrl;
    const back = new URL(
      await followToCallback(String(start.headers.location), `${appUrl}/api/oidc/callback`),
    );
    back.searchParams.set('state', 'another-state');
    const reply = await t.app.inject({
      url: `${back.pathname}${back.search}`,
      headers: { cookie: `portal_oidc=${flow}` },
    });
    expectRefused(reply, 'student', 'failed');
  });

  it('reads the email from user info when the ID token does not carry it', async () => {
    const quiet = await startOpenIdProvider({
      redirectUri: `${t.config.mail.appUrl}/api/oidc/callback`,
      emailInUserInfoOnly: true,
    });
    try {
      const id = await addProvider({ issuer: quiet.issuer });
      const student = await w.student();
      const start = await t.app.inject({ url: `/api/oidc/${id}/start?role=student` });
      const flow = cookieValue(start.headers['set-cookie'], 'portal_oidc');
      quiet.signInAs({ sub: 'student-11', email: student.email, email_verified: true });
      const appUrl = t.config.mail.appUrl;
      const back = await followToCallback(String(start.headers.location), `${appUrl}/api/oidc/callback`);
      const reply = await t.app.inject({
        url: back.slice(appUrl.length),
        headers: { cookie: `portal_oidc=${flow}` },
      });
      expect(reply.headers.location).toBe('/student');
    } finally {
      await quiet.close();
    }
  });

  it('does not start with a provider turned off, not for the role, or unknown', async () => {
    const off = await addProvider({ enabled: false });
    const staffOnly = await addProvider({ roles: ['college-staff'] });
    for (const [id, role] of [
      [off, 'student'],
      [staffOnly, 'student'],
      ['00000000-0000-4000-8000-000000000000', 'college-staff'],
    ] as const) {
      const reply = await t.app.inject({ url: `/api/oidc/${id}/start?role=${role}` });
      expect(reply.statusCode).toBe(302);
      expect(reply.headers.location).toBe(`/signin/${role}?${SIGNIN_ERROR_PARAM}=unavailable`);
    }
    expect((await t.app.inject({ url: `/api/oidc/${off}/start?role=nobody` })).statusCode).toBe(400);
  });

  it('never answers or logs the client secret', async () => {
    const id = await addProvider({ clientSecret: 'a-very-secret-value' });
    const read = await asStaff('GET', '/api/college-staff/signin');
    expect(read.body).not.toContain('a-very-secret-value');
    expect(read.json().message.providers.find((p: { id: string }) => p.id === id)).toMatchObject({
      hasClientSecret: true,
    });
    // Saved again with the secret left empty, it keeps the stored one (a sign-in still works).
    const kept = await asStaff(
      'PUT',
      `/api/college-staff/signin/providers/${id}`,
      provider({ clientSecret: 'portal-secret' }),
    );
    expect(kept.statusCode).toBe(200);
    expect(
      (await asStaff('PUT', `/api/college-staff/signin/providers/${id}`, provider({ clientSecret: '' })))
        .statusCode,
    ).toBe(200);
    const student = await w.student();
    const reply = await signInThrough(id, 'student', {
      sub: 'student-12',
      email: student.email,
      email_verified: true,
    });
    expect(reply.headers.location).toBe('/student');
    expect(logLines.join('\n')).not.toContain('a-very-secret-value');
    expect(logLines.join('\n')).not.toContain('portal-secret');
  });
});

describe("staff's settings", () => {
  it('checks what staff save, and needs a secret for a new provider', async () => {
    const noSecret = await asStaff(
      'POST',
      '/api/college-staff/signin/providers',
      provider({ clientSecret: '' }),
    );
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.json()).toEqual({ message: messages.clientSecret });
    const badDomain = await asStaff(
      'POST',
      '/api/college-staff/signin/providers',
      provider({ allowedDomains: ['not a domain'] }),
    );
    expect(badDomain.statusCode).toBe(400);
    expect(badDomain.json()).toEqual({ message: messages.domain('not a domain') });
    const template = await asStaff(
      'POST',
      '/api/college-staff/signin/providers',
      provider({ kind: 'microsoft', issuer: 'https://login.microsoftonline.com/{tenant-id}/v2.0' }),
    );
    expect(template.json()).toEqual({ message: messages.issuerTemplate });
    const plainHttp = await asStaff(
      'POST',
      '/api/college-staff/signin/providers',
      provider({ issuer: 'http://idp.example.org' }),
    );
    expect(plainHttp.json()).toEqual({ message: messages.issuer });
    const missing = await asStaff(
      'PUT',
      '/api/college-staff/signin/providers/00000000-0000-4000-8000-000000000000',
      provider(),
    );
    expect(missing.statusCode).toBe(404);
  });

  it('tests an issuer: what discovery found, or why it failed', async () => {
    const found = await asStaff('POST', '/api/college-staff/signin/test', { issuer: op.issuer });
    expect(found.statusCode).toBe(200);
    expect(found.json().message).toMatchObject({
      issuer: op.issuer,
      authorizationEndpoint: `${op.issuer}/auth`,
      tokenEndpoint: `${op.issuer}/token`,
      pkce: true,
    });
    expect(found.json().message.scopes).toContain('email');
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const nobody = await asStaff('POST', '/api/college-staff/signin/test', {
      issuer: `http://127.0.0.1:${port}`,
    });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().message).toMatch(
      /^The provider could not be reached or did not answer as expected: .*ECONNREFUSED/,
    );
    const wrongIssuer = await asStaff('POST', '/api/college-staff/signin/test', {
      issuer: `${op.issuer.replace('127.0.0.1', 'localhost')}`,
    });
    expect(wrongIssuer.statusCode).toBe(400);
    expect(wrongIssuer.json().message).toContain('issuer');
  });
});

describe('password sign-in turned off', () => {
  it("answers a role's password sign-in and forgot password with 403 naming the buttons; companies keep theirs", async () => {
    const student = await w.student();
    const company = await w.company();
    // Not while no provider serves students.
    for (const existing of (await settings()).providers) {
      await asStaff('DELETE', `/api/college-staff/signin/providers/${existing.id}`);
    }
    const tooSoon = await asStaff('PUT', '/api/college-staff/signin/passwords', {
      student: false,
      'college-staff': true,
    });
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json()).toEqual({ message: messages.needsProvider('students') });

    const id = await addProvider({ displayName: 'Sign in with Google', roles: ['student'] });
    const off = await asStaff('PUT', '/api/college-staff/signin/passwords', {
      student: false,
      'college-staff': true,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ message: messages.passwordsSaved });
    const refusal = messages.passwordsOff('Students', ['Sign in with Google']);
    expect(refusal).toBe(
      'Students of this college sign in through the college: use "Sign in with Google" on the sign-in page. Password sign-in is turned off.',
    );

    const password = await t.app.inject({
      method: 'POST',
      url: '/api/student/signin',
      payload: { emailID: student.email, password: PASSWORD },
    });
    expect(password.statusCode).toBe(403);
    expect(password.json()).toEqual({ message: refusal });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/student/signin',
      payload: { emailID: 'nobody@example.com', password: 'whatever1' },
    });
    expect(unknown.json()).toEqual({ message: refusal });
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/student/forgotPassword',
      payload: { emailID: student.email },
    });
    expect(forgot.statusCode).toBe(403);
    expect(forgot.json()).toEqual({ message: refusal });
    for (const url of ['/api/student/checkResetLink', '/api/student/resetForgottenPassword']) {
      const link = await t.app.inject({
        method: 'POST',
        url,
        payload: { token: 'x'.repeat(43), newPassword: 'Password@456', confirmNewPassword: 'Password@456' },
      });
      expect(link.statusCode, url).toBe(403);
    }

    // Staff and companies still sign in with their passwords.
    const member = await t.app.inject({
      method: 'POST',
      url: '/api/college-staff/signin',
      payload: { emailID: staff.email, password: PASSWORD },
    });
    expect(member.statusCode, member.body).toBe(200);
    const recruiter = await t.app.inject({
      method: 'POST',
      url: '/api/company/signin',
      payload: { emailID: company.email, password: PASSWORD },
    });
    expect(recruiter.json()).toEqual({ message: auth.welcome(company.name.split(' ')[0]!) });

    // The sign-in page shows the button and no password form.
    const options = await t.app.inject({ url: '/api/oidc/options?role=student' });
    expect(options.json()).toEqual({
      message: { providers: [{ id, displayName: 'Sign in with Google' }], passwordSignin: false },
    });

    // And the student signs in through the provider.
    const reply = await signInThrough(id, 'student', {
      sub: 'student-13',
      email: student.email,
      email_verified: true,
    });
    expect(reply.headers.location).toBe('/student');

    // The only way in for students is neither removed nor turned off while their passwords are off.
    const remove = await asStaff('DELETE', `/api/college-staff/signin/providers/${id}`);
    expect(remove.statusCode).toBe(409);
    expect(remove.json()).toEqual({ message: messages.lastProvider('students') });
    const disable = await asStaff(
      'PUT',
      `/api/college-staff/signin/providers/${id}`,
      provider({ roles: ['student'], enabled: false, clientSecret: '' }),
    );
    expect(disable.statusCode).toBe(409);

    const on = await asStaff('PUT', '/api/college-staff/signin/passwords', {
      student: true,
      'college-staff': true,
    });
    expect(on.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/student/signin',
      payload: { emailID: student.email, password: PASSWORD },
    });
    expect(again.statusCode).toBe(200);
    expect((await asStaff('DELETE', `/api/college-staff/signin/providers/${id}`)).json()).toEqual({
      message: messages.deleted,
    });
  });
});
