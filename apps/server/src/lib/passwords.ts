import { hash, verify } from '@node-rs/argon2';

/** @node-rs/argon2's Algorithm.Argon2id (a const enum, which isolated modules cannot read). */
const ARGON2ID = 2;

/** How much work hashing a password takes: argon2id's memory (KiB) and iterations. */
export type PasswordHashing = { memoryCost: number; timeCost: number };

/** OWASP's argon2id recommendation: 19 MiB of memory, 2 iterations, 1 lane. What the portal uses. */
export const owaspHashing: PasswordHashing = { memoryCost: 19_456, timeCost: 2 };

/**
 * Hashes with the given cost; the cost is written into the hash, so `verifyPassword` checks any
 * hash whatever cost it was made with. Only the test suite passes a lower cost (config.ts).
 */
export function hashPassword(password: string, cost: PasswordHashing = owaspHashing): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, ...cost, parallelism: 1 });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

const dummyHashes = new Map<string, Promise<string>>();

/**
 * Spends the time a real check would (at the cost real hashes are made with), so an unknown email
 * cannot be told apart by timing.
 */
export async function verifyAgainstNothing(
  password: string,
  cost: PasswordHashing = owaspHashing,
): Promise<false> {
  const key = `${cost.memoryCost}:${cost.timeCost}`;
  let dummy = dummyHashes.get(key);
  if (!dummy) {
    dummy = hashPassword('no account has this password', cost);
    dummyHashes.set(key, dummy);
  }
  await verifyPassword(await dummy, password);
  return false;
}
