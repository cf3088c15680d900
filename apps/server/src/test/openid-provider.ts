import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT } from 'jose';
import Provider, { type ClientMetadata, type Configuration } from 'oidc-provider';

/** Who signs in at the provider next: the claims its ID token and user info carry about them. */
export type ProviderPerson = { sub: string; email: string; email_verified?: boolean; name?: string };

/**
 * A real OpenID provider (oidc-provider) on a random port of this machine, for the sign-in tests.
 * `signInAs` chooses who the provider's login logs in (no form: its interaction finishes at once,
 * and consent is taken as given); `tamper` changes the ID token the token endpoint answers with,
 * signed again with the provider's own key (a token for another audience). Clients: `portal` and
 * `other-app`, both with the secret `<client id>-secret`.
 */
export async function startOpenIdProvider(options: {
  redirectUri: string;
  /** How long an ID token is valid, in seconds (oidc-provider's default is an hour). */
  idTokenTtl?: number;
  /** Keep the email out of the ID token, as some providers do: it is then read from user info. */
  emailInUserInfoOnly?: boolean;
}) {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const people = new Map<string, ProviderPerson>();
  let next: ProviderPerson | undefined;
  let tamper: ((claims: Record<string, unknown>) => Record<string, unknown>) | undefined;

  const client = (clientId: string): ClientMetadata => ({
    client_id: clientId,
    client_secret: `${clientId}-secret`,
    redirect_uris: [options.redirectUri],
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_post',
  });
  const configuration: Configuration = {
    clients: [client('portal'), client('other-app')],
    jwks: { keys: [signingKey] },
    cookies: { keys: ['openid-provider-test-cookies'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: options.emailInUserInfoOnly ?? false,
    features: { devInteractions: { enabled: false } },
    ttl: { IdToken: options.idTokenTtl ?? 3600 },
    findAccount: (_ctx, sub) => {
      const person = people.get(sub);
      return person ? { accountId: sub, claims: () => ({ ...person }) } : undefined;
    },
    // Consent is taken as given: every client gets the scopes it asks for.
    loadExistingGrant: async (ctx) => {
      const session = ctx.oidc.session!;
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: session.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  provider.on('server_error', (_ctx, error) => console.error('openid provider:', error));

  // The token endpoint's answer, with the ID token changed and signed again by the provider's key.
  provider.use(async (ctx, nextMiddleware) => {
    await nextMiddleware();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path === '/token' && tamper && body?.id_token) {
      const claims = tamper(decodeJwt(body.id_token));
      body.id_token = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: signingKey.kid })
        .sign(privateKey);
    }
  });

  const callback = provider.callback();
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (!req.url?.startsWith('/interaction/')) return void callback(req, res);
    void (async () => {
      const person = next;
      if (!person) throw new Error('openid provider: nobody to sign in (call signInAs first)');
      people.set(person.sub, person);
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: person.sub } },
        { mergeWithLastSubmission: false },
      );
    })().catch((error: unknown) => {
      console.error('openid provider interaction:', error);
      res.statusCode = 500;
      res.end();
    });
  });

  return {
    issuer,
    clientId: 'portal',
    clientSecret: 'portal-secret',
    signInAs(person: ProviderPerson) {
      next = person;
    },
    /** Changes every ID token from now on (undefined: stop). */
    tamperIdTokens(change: typeof tamper) {
      tamper = change;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type OpenIdProvider = Awaited<ReturnType<typeof startOpenIdProvider>>;

/**
 * Follows a browser's redirects through the provider, with its cookies, from the portal's
 * authorization URL until the provider sends the browser back to `until` (the portal's callback):
 * that URL, with the code and state in its query.
 */
export async function followToCallback(authorizationUrl: string, until: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`openid provider: ${response.status} at ${url}: ${await response.text()}`);
    url = new URL(location, url).href;
    if (url.startsWith(until)) return url;
  }
  throw new Error('openid provider: too many redirects');
}
