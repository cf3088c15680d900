import { hash, verify } from '@node-rs/argon2';

/** @node-rs/argon2's Algorithm.Argon2id (a const enum, which isolated modules cannot read). */
const ARGON2ID = 2;

/** OWASP's argon2id recommendation: 19 MiB of memory, 2 iterations, 1 lane. */
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the time a real check would, so an unknown email cannot be told apart by timing. */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('no account has this password');
  await verifyPassword(await dummyHash, password);
  return false;
}
