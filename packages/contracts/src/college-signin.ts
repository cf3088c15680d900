import { z } from 'zod';
import { controlCharacter, type Role, role, requiredText, roles } from './common.ts';
import { http } from './messages.ts';

/*
 * Sign-in through the college: each college's OpenID Connect providers (Google Workspace, Microsoft
 * Entra ID or any standard provider), set up by its staff, and whether its students and staff may
 * still sign in with a password (companies always may).
 */

export const providerKinds = ['google', 'microsoft', 'other'] as const;
export const providerKind = z.enum(providerKinds);
export type ProviderKind = z.infer<typeof providerKind>;

/** The roles whose password sign-in a college may turn off; companies keep theirs. */
export const passwordRoles = ['student', 'college-staff'] as const satisfies readonly Role[];
export type PasswordRole = (typeof passwordRoles)[number];

/**
 * What the settings page fills in for a preset. Google Workspace has one issuer for every
 * organisation (the allowed domains tell the college's accounts apart); Microsoft Entra ID has one
 * per tenant, written with the tenant's ID (a GUID: a domain name in its place answers with the
 * GUID issuer, which the discovery refuses as a mismatch).
 */
export const providerPresets = {
  google: {
    label: 'Google Workspace',
    displayName: 'Sign in with Google',
    issuer: 'https://accounts.google.com',
  },
  microsoft: {
    label: 'Microsoft Entra ID',
    displayName: 'Sign in with Microsoft',
    issuer: 'https://login.microsoftonline.com/{tenant-id}/v2.0',
  },
  other: {
    label: 'Another OpenID Connect provider',
    displayName: 'Sign in with the college account',
    issuer: '',
  },
} as const satisfies Record<ProviderKind, { label: string; displayName: string; issuer: string }>;

export const collegeSigninMessages = {
  displayName: 'Please enter the text of the sign-in button.',
  issuer: 'Please enter the issuer URL (https://…) of the provider.',
  issuerTemplate: 'Please replace {tenant-id} in the issuer URL with the tenant ID of the college.',
  clientId: 'Please enter the client ID the provider gave the portal.',
  clientSecret: 'Please enter the client secret the provider gave the portal.',
  domains: 'Please enter at least one email domain, such as college.edu.',
  domain: (value: string) => `"${value}" is not an email domain (write it like college.edu).`,
  roles: 'Please choose who signs in with this provider.',
  saved: 'Sign-in provider saved.',
  deleted: 'Sign-in provider removed.',
  notFound: 'This sign-in provider no longer exists.',
  passwordsSaved: 'Password sign-in settings saved.',
  /** Turning a role's passwords off needs a way in left for that role. */
  needsProvider: (who: string) =>
    `Set up and turn on a sign-in provider for ${who} before turning their password sign-in off.`,
  /** Removing, turning off or narrowing the last provider of a role without passwords would lock it out. */
  lastProvider: (who: string) =>
    `This is the only sign-in provider for ${who}, whose password sign-in is off: turn their password sign-in back on first.`,
  /** Password sign-in and "forgot password" of a role whose college turned passwords off. */
  passwordsOff: (who: string, buttons: string[]) =>
    `${who} of this college sign in through the college${
      buttons.length > 0 ? `: use "${buttons.join('" or "')}" on the sign-in page` : ''
    }. Password sign-in is turned off.`,
  testFailed: (reason: string) =>
    `The provider could not be reached or did not answer as expected: ${reason}`,
  testFound: 'The provider answered. It says:',
  /** Where a sign-in through a provider ends when it fails, by the code in the sign-in page's address. */
  errors: {
    failed:
      'Sign-in through the college failed. Please try again, or ask the placement cell if it keeps failing.',
    cancelled: 'Sign-in through the college was cancelled.',
    expired: 'That sign-in took too long or was started in another browser. Please try again.',
    unavailable: 'This way of signing in is not available. Please use another, or ask the placement cell.',
    unverified:
      'The provider has not verified your email address, so the portal cannot match it to an account.',
    domain: "Your email address is not in one of the college's domains for this sign-in.",
    noAccount:
      'No account of the portal uses this email address. Ask the placement cell to add you; signing in does not create an account.',
  },
} as const;
export type SigninErrorCode = keyof typeof collegeSigninMessages.errors;
export const signinErrorCodes = Object.keys(collegeSigninMessages.errors) as SigninErrorCode[];

/** How each role is named in a sentence about password sign-in. */
export const roleGroups: Record<Role, string> = {
  student: 'Students',
  'college-staff': 'Staff',
  company: 'Recruiters',
};

/** True for an issuer URL the portal may fetch: https, or http on this machine (development, tests). */
export function isIssuerUrl(value: string): boolean {
  // https://host[:port][/path], or http on localhost: no user, query or fragment.
  return (
    /^https:\/\/[a-z0-9.-]+(:\d{1,5})?(\/[\w.~%!$&'()*+,;=:@{}-]*)*$/i.test(value) ||
    /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?(\/[\w.~%!$&'()*+,;=:@-]*)*$/i.test(value)
  );
}

const domainPattern = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** A list of email domains (college.edu), written one per line or separated by commas on the page. */
export const allowedDomains = z
  .array(
    z
      .string()
      .trim()
      .transform((value) => value.toLowerCase().replace(/^@/, ''))
      .refine((value) => domainPattern.test(value), {
        error: (issue) => collegeSigninMessages.domain(String(issue.input)),
      }),
    { error: collegeSigninMessages.domains },
  )
  .min(1, { error: collegeSigninMessages.domains })
  .max(50, { error: collegeSigninMessages.domains })
  .transform((list) => [...new Set(list)]);

export const issuer = z
  .string({ error: collegeSigninMessages.issuer })
  .trim()
  .max(500, { error: collegeSigninMessages.issuer })
  .refine((value) => !value.includes('{tenant-id}'), { error: collegeSigninMessages.issuerTemplate })
  .refine(isIssuerUrl, { error: collegeSigninMessages.issuer })
  .transform((value) => value.replace(/\/+$/, ''));

/**
 * A provider as staff save it. The client secret is write-only: empty when editing keeps the stored
 * one (a new provider needs one, which the service checks).
 */
export const providerBody = z.object({
  kind: providerKind,
  displayName: requiredText(collegeSigninMessages.displayName, 60),
  issuer,
  clientId: requiredText(collegeSigninMessages.clientId, 300),
  clientSecret: z
    .string({ error: collegeSigninMessages.clientSecret })
    .trim()
    .max(1000, { error: collegeSigninMessages.clientSecret })
    .refine((value) => !controlCharacter.test(value), { error: http.controlCharacters }),
  allowedDomains,
  roles: z
    .array(role, { error: collegeSigninMessages.roles })
    .min(1, { error: collegeSigninMessages.roles })
    .transform((list) => roles.filter((r) => list.includes(r))),
  enabled: z.boolean(),
});
export type ProviderBody = z.input<typeof providerBody>;
export type ProviderInput = z.output<typeof providerBody>;

/** A provider as the settings page reads it: never the secret, only whether one is stored. */
export const providerView = z.object({
  id: z.uuid(),
  kind: providerKind,
  displayName: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  hasClientSecret: z.boolean(),
  allowedDomains: z.array(z.string()),
  roles: z.array(role),
  enabled: z.boolean(),
});
export type ProviderView = z.infer<typeof providerView>;

export const passwordSigninSettings = z.object({ student: z.boolean(), 'college-staff': z.boolean() });
export type PasswordSigninSettings = z.infer<typeof passwordSigninSettings>;

export const signinSettings = z.object({
  providers: z.array(providerView),
  passwordSignin: passwordSigninSettings,
  /** The address to register at the provider as the portal's redirect URI. */
  redirectUri: z.string(),
});
export type SigninSettings = z.infer<typeof signinSettings>;

export const providerTestBody = z.object({ issuer });
export type ProviderTestBody = z.input<typeof providerTestBody>;

/** What the Test button reports of the provider's discovery document. */
export const providerTestResult = z.object({
  issuer: z.string(),
  authorizationEndpoint: z.string(),
  tokenEndpoint: z.string(),
  jwksUri: z.string(),
  pkce: z.boolean(),
  scopes: z.array(z.string()),
});
export type ProviderTestResult = z.infer<typeof providerTestResult>;

export const signinOptionsQuery = z.object({ role });

/** What a sign-in page offers: the buttons of the college's providers for the role, and passwords or not. */
export const signinOptions = z.object({
  providers: z.array(z.object({ id: z.uuid(), displayName: z.string() })),
  passwordSignin: z.boolean(),
});
export type SigninOptions = z.infer<typeof signinOptions>;

export const providerParams = z.object({ id: z.uuid({ error: collegeSigninMessages.notFound }) });
export const startQuery = z.object({ role });

/** The query of the sign-in page a failed sign-in through a provider lands on. */
export const SIGNIN_ERROR_PARAM = 'signin-error';

/**
 * Where a sign-in through a provider that failed lands: the role's sign-in page (the chooser when
 * the role is not known), with the error's code in the query; the page shows its message.
 */
export const signinErrorPage = (role: Role | null, code: SigninErrorCode) =>
  `${role ? `/signin/${role}` : '/signin'}?${SIGNIN_ERROR_PARAM}=${code}`;

/** The settings page's form: the allowed domains written as text, one per line or separated by commas. */
export const providerForm = providerBody.extend({
  allowedDomains: z
    .string()
    .transform((text) => text.split(/[\s,;]+/).filter((part) => part !== ''))
    .pipe(allowedDomains),
});
export type ProviderForm = z.input<typeof providerForm>;
