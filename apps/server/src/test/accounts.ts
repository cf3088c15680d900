import { randomUUID } from 'node:crypto';
import type { Role } from '@portal/contracts/common';
import type { App } from '../app.ts';

export const PASSWORD = 'secret123';

/** A valid sign-up body for the role, with a unique email unless one is given. */
export function signupBody(role: Role, overrides: Record<string, unknown> = {}) {
  const person = {
    firstName: 'Asha',
    lastName: 'Verma',
    emailID: `user-${randomUUID().slice(0, 8)}@example.com`,
    phone: '9876543210',
    password: PASSWORD,
    cpass: PASSWORD,
    ...overrides,
  };
  if (role === 'student') return person;
  if (role === 'college-staff') return { staffID: '1001', signupCode: 'test-staff-code', ...person };
  const { company = 'Acme Corp', ...rest } = person as typeof person & { company?: string };
  return { personalDetail: { staffID: '2001', ...rest }, company };
}

export const sessionCookie = (setCookie: string | string[] | undefined): string => {
  const first = [setCookie ?? []].flat().find((c) => c.startsWith('portal_session='));
  if (!first) throw new Error('no session cookie was set');
  return first.split(';')[0]!;
};

/** One staff account per app, signed up on first use, that approves the companies tests sign up. */
const approvers = new WeakMap<App, Promise<string>>();

/** Staff approve the company through the API, as the placement cell would. */
export async function approveCompany(app: App, companyCookie: string) {
  let approver = approvers.get(app);
  if (!approver) {
    approver = signUp(app, 'college-staff', { firstName: 'Approving' }).then((s) => s.cookie);
    approvers.set(app, approver);
  }
  const record = await app.inject({ url: '/api/company/getCompanyData', headers: { cookie: companyCookie } });
  const id = record.json<{ message: { _id: string } }>().message._id;
  const response = await app.inject({
    method: 'PUT',
    url: `/api/college-staff/companies/${id}/status`,
    headers: { cookie: await approver },
    payload: { role: 'Allowed' },
  });
  if (response.statusCode !== 200)
    throw new Error(`approval failed: ${response.statusCode} ${response.body}`);
  return id;
}

/**
 * Signs a new account up through the API and returns its cookie and email. A company is approved
 * by the placement cell straight away unless `{ approved: false }` asks for it to stay Pending.
 */
export async function signUp(
  app: App,
  role: Role,
  overrides: Record<string, unknown> = {},
  { approved = true }: { approved?: boolean } = {},
) {
  const body = signupBody(role, overrides);
  const response = await app.inject({ method: 'POST', url: `/api/${role}/signup`, payload: body });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.statusCode} ${response.body}`);
  const email =
    role === 'company'
      ? (body as { personalDetail: { emailID: string } }).personalDetail.emailID
      : (body as { emailID: string }).emailID;
  const cookie = sessionCookie(response.headers['set-cookie']);
  if (role === 'company' && approved) await approveCompany(app, cookie);
  return { cookie, email };
}
