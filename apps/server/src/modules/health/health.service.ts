import type { Storage } from '../../lib/storage.ts';
import type { HealthRepo } from './health.repo.ts';

export type Readiness = { database: boolean; storage: boolean; migrations: boolean };

/** A check that has not answered in this time counts as failed: a load balancer must not wait on it. */
const CHECK_TIMEOUT_MS = 2_000;

async function within<T>(work: Promise<T>, ms = CHECK_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What a load balancer asks: is the process up (`/health`, no database call), and can it serve
 * (`/ready`: the database answers with every committed migration applied, and storage answers).
 */
export function createHealthService(deps: {
  healthRepo: HealthRepo;
  storage: Storage;
  /** How many migrations this build ships (the journal's entries). */
  expectedMigrations: number;
}) {
  return {
    async readiness(): Promise<Readiness> {
      const [applied, storage] = await Promise.allSettled([
        within(deps.healthRepo.appliedMigrations()),
        // A key that never exists: reachable storage answers "no such file" (null), not an error.
        within(deps.storage.get('ready-probe/none')),
      ]);
      return {
        database: applied.status === 'fulfilled',
        migrations: applied.status === 'fulfilled' && applied.value >= deps.expectedMigrations,
        storage: storage.status === 'fulfilled',
      };
    },
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
