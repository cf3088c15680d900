import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The device cookie (OWASP's "device cookies"): set on every sign-in, it tells the sign-in routes
 * that this browser has signed in to an account before. HttpOnly, SameSite=Lax, sent only to the API.
 */
export const DEVICE_COOKIE = 'portal_device';
/** A browser stays trusted for a year after it last signed in to the account. */
export const DEVICE_TTL_MS = 365 * 24 * 60 * 60 * 1000;
const PATH = '/api/';

/** A token of the shape the portal hands out (lib/tokens.ts), or nothing. */
export function readDeviceToken(request: FastifyRequest): string | undefined {
  const token = request.cookies[DEVICE_COOKIE];
  return token && /^[\w-]{43}$/.test(token) ? token : undefined;
}

export function setDeviceCookie(reply: FastifyReply, token: string, expiresAt: Date, secure: boolean) {
  reply.setCookie(DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: PATH,
    expires: expiresAt,
  });
}
