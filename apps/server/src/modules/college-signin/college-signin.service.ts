import * as oidc from 'openid-client';
import { collegeSigninApi } from '@portal/contracts/api/college-signin';
import {
  collegeSigninMessages as messages,
  type PasswordSigninSettings,
  passwordRoles,
  type ProviderInput,
  type ProviderTestResult,
  type ProviderView,
  roleGroups,
  type SigninErrorCode,
  type SigninOptions,
  type SigninSettings,
} from '@portal/contracts/college-signin';
import type { Role } from '@portal/contracts/common';
import type { Clock } from '../../lib/clock.ts';
import { BadRequest, Conflict, NotFound } from '../../lib/errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { SessionAccount } from '../../plugins/access.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { CollegeSigninRepo } from './college-signin.repo.ts';

/** How long a sign-in started at the portal may take at the provider. */
export const PROVIDER_SIGNIN_TTL_MS = 10 * 60_000;
/** How long a provider's discovery document is reused before it is fetched again. */
const DISCOVERY_TTL_MS = 10 * 60_000;
/** Seconds the portal waits for a provider's answer (discovery, token, keys, user info). */
const PROVIDER_TIMEOUT_S = 10;
const SCOPE = 'openid email profile';

type ProviderRow = NonNullable<Awaited<ReturnType<CollegeSigninRepo['provider']>>>;
export type SigninFailure = { ok: false; code: SigninErrorCode; role: Role | null };
type Log = { warn: (details: object, message: string) => void };

const failure = (code: SigninErrorCode, role: Role | null): SigninFailure => ({ ok: false, code, role });

const toView = (p: ProviderRow): ProviderView => ({
  id: p.id,
  kind: p.kind,
  displayName: p.displayName,
  issuer: p.issuer,
  clientId: p.clientId,
  hasClientSecret: p.clientSecret !== '',
  allowedDomains: p.allowedDomains,
  roles: p.roles,
  enabled: p.enabled,
});

/** Why a call to a provider failed, for the staff's Test and the log: never a secret. */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  if (error.name === 'TimeoutError' || error.name === 'AbortError')
    return `no answer within ${PROVIDER_TIMEOUT_S} seconds`;
  if (error instanceof oidc.AuthorizationResponseError) return `the provider answered ${error.error}`;
  if (error instanceof oidc.ResponseBodyError)
    return `the provider answered ${error.error} (HTTP ${error.status})`;
  // openid-client wraps the failed check (oauth4webapi's, naming the claim: "aud", "exp", "nonce" …)
  // or the network's error (ECONNREFUSED, ENOTFOUND …) as its cause.
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  const detail = [cause?.message, cause?.code].filter((part) => typeof part === 'string' && part !== '');
  return detail.length > 0 ? `${error.message}: ${detail.join(', ')}` : error.message;
}

const insecure = (issuer: string) => issuer.startsWith('http:');

/**
 * Sign-in through the college's OpenID Connect providers (openid-client): staff set the providers
 * up; a sign-in is the authorization code flow with PKCE, state and nonce, and ends in the session
 * a password sign-in makes, for the account whose email the provider verified, in one of the
 * provider's allowed domains. Nobody is signed up by it. Every call names the college.
 */
export function createCollegeSigninService(deps: {
  collegeSigninRepo: CollegeSigninRepo;
  authService: Pick<AuthService, 'signinVouched'>;
  clock: Clock;
  appUrl: string;
  log: Log;
}) {
  const { collegeSigninRepo: repo, clock, log } = deps;
  const redirectUri = `${deps.appUrl}${collegeSigninApi.callback.path}`;
  const discovered = new Map<string, { metadata: oidc.ServerMetadata; until: number }>();

  async function discover(issuer: string, fresh = false): Promise<oidc.ServerMetadata> {
    const at = clock.now().getTime();
    const cached = discovered.get(issuer);
    if (!fresh && cached && cached.until > at) return cached.metadata;
    const config = await oidc.discovery(new URL(issuer), 'portal', undefined, undefined, {
      execute: insecure(issuer) ? [oidc.allowInsecureRequests] : [],
      timeout: PROVIDER_TIMEOUT_S,
    });
    const metadata = config.serverMetadata();
    discovered.set(issuer, { metadata, until: at + DISCOVERY_TTL_MS });
    return metadata;
  }

  /**
   * The client for one provider. openid-client checks a token's times against the machine's clock;
   * the skew makes it check them against the portal's clock (lib/clock.ts) instead, so a test that
   * moves the clock sees tokens expire.
   */
  function clientOf(provider: ProviderRow, metadata: oidc.ServerMetadata) {
    // eslint-disable-next-line no-restricted-syntax -- the machine's time, to measure the portal clock against it
    const skew = Math.round((clock.now().getTime() - Date.now()) / 1000);
    const config = new oidc.Configuration(
      metadata,
      provider.clientId,
      { [oidc.clockSkew]: skew },
      oidc.ClientSecretPost(provider.clientSecret),
    );
    config.timeout = PROVIDER_TIMEOUT_S;
    if (insecure(provider.issuer)) oidc.allowInsecureRequests(config);
    return config;
  }

  /** A role whose password sign-in is off and that these providers would leave without a way in. */
  function lockedOutRole(
    providers: readonly Pick<ProviderRow, 'enabled' | 'roles'>[],
    passwords: { students: boolean; staff: boolean },
  ) {
    return passwordRoles.find(
      (role) =>
        !(role === 'student' ? passwords.students : passwords.staff) &&
        !providers.some((p) => p.enabled && p.roles.includes(role)),
    );
  }

  async function refuseLockout(
    collegeId: number,
    providersAfter: readonly Pick<ProviderRow, 'enabled' | 'roles'>[],
  ) {
    const role = lockedOutRole(providersAfter, await repo.passwords(collegeId));
    if (role) throw new Conflict(messages.lastProvider(roleGroups[role].toLowerCase()));
  }

  return {
    redirectUri,

    async settings(collegeId: number): Promise<SigninSettings> {
      const [providers, passwords] = await Promise.all([
        repo.providers(collegeId),
        repo.passwords(collegeId),
      ]);
      return {
        providers: providers.map(toView),
        passwordSignin: { student: passwords.students, 'college-staff': passwords.staff },
        redirectUri,
      };
    },

    async create(staff: SessionAccount, collegeId: number, input: ProviderInput): Promise<string> {
      if (input.clientSecret === '') throw new BadRequest(messages.clientSecret);
      await repo.insertProvider(collegeId, input, staff.id);
      return messages.saved;
    },

    /** An empty client secret keeps the stored one (the page never has it to send back). */
    async update(
      staff: SessionAccount,
      collegeId: number,
      id: string,
      input: ProviderInput,
    ): Promise<string> {
      const providers = await repo.providers(collegeId);
      if (!providers.some((p) => p.id === id)) throw new NotFound(messages.notFound);
      await refuseLockout(
        collegeId,
        providers.map((p) => (p.id === id ? input : p)),
      );
      const saved = await repo.updateProvider(
        collegeId,
        id,
        { ...input, clientSecret: input.clientSecret === '' ? null : input.clientSecret },
        staff.id,
      );
      if (!saved) throw new NotFound(messages.notFound);
      return messages.saved;
    },

    async remove(collegeId: number, id: string): Promise<string> {
      const providers = await repo.providers(collegeId);
      if (!providers.some((p) => p.id === id)) throw new NotFound(messages.notFound);
      await refuseLockout(
        collegeId,
        providers.filter((p) => p.id !== id),
      );
      if (!(await repo.deleteProvider(collegeId, id))) throw new NotFound(messages.notFound);
      return messages.deleted;
    },

    async savePasswords(
      staff: SessionAccount,
      collegeId: number,
      value: PasswordSigninSettings,
    ): Promise<string> {
      const passwords = { students: value.student, staff: value['college-staff'] };
      const role = lockedOutRole(await repo.providers(collegeId), passwords);
      if (role) throw new Conflict(messages.needsProvider(roleGroups[role].toLowerCase()));
      await repo.savePasswords(collegeId, passwords, staff.id);
      return messages.passwordsSaved;
    },

    /** The Test button: the issuer's discovery document, fetched now, or why it could not be. */
    async test(issuer: string): Promise<ProviderTestResult> {
      let metadata: oidc.ServerMetadata;
      try {
        metadata = await discover(issuer, true);
      } catch (error) {
        throw new BadRequest(messages.testFailed(reasonOf(error)));
      }
      return {
        issuer: metadata.issuer,
        authorizationEndpoint: metadata.authorization_endpoint ?? '',
        tokenEndpoint: metadata.token_endpoint ?? '',
        jwksUri: metadata.jwks_uri ?? '',
        pkce: metadata.code_challenge_methods_supported?.includes('S256') ?? false,
        scopes: metadata.scopes_supported ?? [],
      };
    },

    async options(collegeId: number, role: Role): Promise<SigninOptions> {
      const [providers, passwords] = await Promise.all([
        repo.buttons(collegeId, role),
        repo.passwords(collegeId),
      ]);
      const passwordSignin =
        role === 'student' ? passwords.students : role === 'college-staff' ? passwords.staff : true;
      return { providers, passwordSignin };
    },

    /**
     * Starts a sign-in: the provider's authorization URL, and the token the browser keeps (in a
     * cookie) to finish it with; the state, nonce and PKCE verifier stay here.
     */
    async start(
      collegeId: number,
      providerId: string,
      role: Role,
    ): Promise<{ ok: true; url: string; token: string; expiresAt: Date } | SigninFailure> {
      const provider = await repo.provider(collegeId, providerId);
      if (!provider || !provider.enabled || !provider.roles.includes(role))
        return failure('unavailable', role);
      let metadata: oidc.ServerMetadata;
      try {
        metadata = await discover(provider.issuer);
      } catch (error) {
        log.warn(
          { provider: provider.id, reason: reasonOf(error) },
          'a sign-in provider could not be discovered',
        );
        return failure('unavailable', role);
      }
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(clientOf(provider, metadata), {
        redirect_uri: redirectUri,
        scope: SCOPE,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      const { token, hash } = newToken();
      const expiresAt = clock.fromNow(PROVIDER_SIGNIN_TTL_MS);
      await repo.startSignin(
        { tokenHash: hash, collegeId, providerId, role, state, nonce, codeVerifier, expiresAt },
        clock.now(),
      );
      return { ok: true, url: url.href, token, expiresAt };
    },

    /**
     * Finishes a sign-in with the provider's answer (`search`: the callback's query, from `?`):
     * the code is exchanged once, the ID token checked (signature, issuer, audience, times, nonce),
     * then the email must be verified and in an allowed domain, and belong to an account of the role.
     */
    async finish(
      collegeId: number,
      token: string | undefined,
      search: string,
      deviceToken: string | undefined,
    ) {
      if (!token) return failure('expired', null);
      const flow = await repo.takeSignin(collegeId, hashToken(token));
      if (!flow) return failure('expired', null);
      const { role } = flow;
      if (flow.expiresAt <= clock.now()) return failure('expired', role);
      const provider = await repo.provider(collegeId, flow.providerId);
      if (!provider || !provider.enabled || !provider.roles.includes(role))
        return failure('unavailable', role);

      let claims: Record<string, unknown>;
      try {
        const client = clientOf(provider, await discover(provider.issuer));
        const tokens = await oidc.authorizationCodeGrant(client, new URL(`${redirectUri}${search}`), {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        const idToken = tokens.claims();
        if (!idToken) return failure('failed', role);
        claims = { ...idToken };
        // A provider that keeps the email out of the ID token tells it at its user info endpoint
        // (openid-client checks the answer is about the same subject).
        if (typeof idToken.email !== 'string') {
          claims = { ...(await oidc.fetchUserInfo(client, tokens.access_token, idToken.sub)), ...idToken };
        }
      } catch (error) {
        const cancelled = error instanceof oidc.AuthorizationResponseError && error.error === 'access_denied';
        log.warn(
          { provider: provider.id, reason: reasonOf(error) },
          'a sign-in through a provider was refused',
        );
        return failure(cancelled ? 'cancelled' : 'failed', role);
      }

      const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
      // Microsoft Entra ID sends no email_verified for work accounts; its optional claim xms_edov
      // says the email's domain is one the tenant verified it owns.
      const verified =
        claims.email_verified === true ||
        (provider.kind === 'microsoft' && claims.email_verified === undefined && claims.xms_edov === true);
      if (!email.includes('@') || !verified) return failure('unverified', role);
      if (!provider.allowedDomains.includes(email.slice(email.lastIndexOf('@') + 1)))
        return failure('domain', role);
      const session = await deps.authService.signinVouched(role, email, deviceToken);
      if (!session) return failure('noAccount', role);
      return { ok: true as const, role, session };
    },
  };
}
export type CollegeSigninService = ReturnType<typeof createCollegeSigninService>;
