import { createHash, randomBytes } from 'node:crypto';

/**
 * The secrets the portal hands out (session cookies, emailed links, calendar feed URLs) are made
 * and stored one way: 32 random bytes in base64url (43 characters), kept only as their SHA-256.
 */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new secret to give out once, and the hash to store in its place. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}
