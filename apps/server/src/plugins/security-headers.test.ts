import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import Fastify from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers.ts';

/** The headers helmet's own middleware leaves on a real response. */
function fromHelmet(options: HelmetOptions): Record<string, unknown> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  helmet(options)(response.req, response, () => {});
  return response.getHeaders();
}

describe('security headers', () => {
  it.each<[string, HelmetOptions]>([
    ['the defaults', {}],
    [
      "the portal's CSP",
      {
        contentSecurityPolicy: {
          directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"], upgradeInsecureRequests: null },
        },
      },
    ],
    [
      'HSTS off, frames allowed from the same origin',
      { strictTransportSecurity: false, frameguard: { action: 'sameorigin' } },
    ],
  ])('are the ones helmet sets, with %s', async (_, options) => {
    const app = Fastify();
    await app.register(securityHeaders, options);
    app.get('/', () => ({ ok: true }));
    const response = await app.inject({ url: '/' });
    const expected = fromHelmet(options);
    expect(Object.keys(expected).length).toBeGreaterThan(8);
    for (const [name, value] of Object.entries(expected)) expect(response.headers[name], name).toBe(value);
    await app.close();
  });
});
