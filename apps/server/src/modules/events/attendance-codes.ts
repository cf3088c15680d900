import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * An attendance code is what the student's QR carries: the event, the student and the instant the
 * server signed it, with an HMAC-SHA256 of the three under the server's key (config
 * ATTENDANCE_CODE_SECRET). Nobody without the key can make one, and the instant inside lets the
 * scan refuse a code older than 30 seconds: a screenshot sent to a friend expires.
 */

export type CodeFacts = { eventId: string; studentId: string; issuedAt: number };

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const mac = (key: string, f: CodeFacts) =>
  createHmac('sha256', key).update(`attendance:v1:${f.eventId}:${f.studentId}:${f.issuedAt}`).digest();

/** The code: `<event>.<student>.<ms since 1970>.<base64url HMAC>`. */
export const signCode = (key: string, f: CodeFacts) =>
  `${f.eventId}.${f.studentId}.${f.issuedAt}.${mac(key, f).toString('base64url')}`;

/** What a code says, or null when it is malformed or its signature is not the key's. */
export function readCode(key: string, code: string): CodeFacts | null {
  const parts = code.split('.');
  if (parts.length !== 4) return null;
  const [eventId, studentId, issued, signature] = parts as [string, string, string, string];
  if (!uuid.test(eventId) || !uuid.test(studentId) || !/^\d{1,15}$/.test(issued)) return null;
  const facts = { eventId, studentId, issuedAt: Number(issued) };
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(key, facts);
  return given.length === expected.length && timingSafeEqual(given, expected) ? facts : null;
}
