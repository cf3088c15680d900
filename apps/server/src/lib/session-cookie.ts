import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'portal_session';
/** A session ends 7 days after sign-in, or after 12 hours without a request, whichever comes first. */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** How stale `last_seen_at` may get before a request writes it again (one write per session per 5 min). */
export const SESSION_TOUCH_MS = 5 * 60 * 1000;

export function readSessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE];
}

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}
