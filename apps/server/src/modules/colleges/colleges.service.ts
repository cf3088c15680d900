import { collegeMessages, type CurrentCollege, type NewCollege } from '@portal/contracts/colleges';
import type { Listen } from '../../db/client.ts';
import { unwalled } from '../../db/college-scope.ts';
import { Conflict, NotFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { CollegesRepo } from './colleges.repo.ts';

/**
 * The colleges of a deployment (docs/architecture.md, "Colleges"). A deployment starts with one; the
 * operator adds more (`npm run seed -- --colleges N` for a trial).
 */
export function createCollegesService({ collegesRepo }: { collegesRepo: CollegesRepo }) {
  // The colleges change only when the operator adds one or gives one a host name: every page
  // without a session reads them from this copy, dropped as soon as any process changes them
  // (`watch`), read again after a minute anyway (or at once for a slug it does not know).
  let known: { at: number; rows: Promise<Awaited<ReturnType<CollegesRepo['list']>>> } | null = null;
  const colleges = (fresh = false) => {
    if (fresh || !known || performance.now() - known.at > 60_000) {
      // Every college, whoever's request reads them first (a walled one would see its own alone).
      const rows = unwalled(async () => await collegesRepo.list());
      known = { at: performance.now(), rows };
      rows.catch(() => (known = null));
    }
    return known.rows;
  };

  return {
    /**
     * Drops the copy whenever the colleges change, in this process or another (`npm run college`,
     * another server): the table's trigger NOTIFYs `colleges_changed` at commit (migration 0042).
     * Also each time the listen is re-established, as a change may have come while it was down.
     * Resolves to the function that stops it.
     */
    watch: (listen: Listen) =>
      listen(
        'colleges_changed',
        () => (known = null),
        () => (known = null),
      ),

    /** Every college of the deployment (past the walls: a college's own request sees one). */
    list: () => unwalled(async () => await collegesRepo.list()),
    findBySlug: (slug: string) => collegesRepo.findBySlug(slug),

    /** The college with this slug (from a `/c/<slug>/` address), or null when there is none. */
    async bySlug(slug: string) {
      const find = async (fresh: boolean) => (await colleges(fresh)).find((c) => c.slug === slug);
      return (await find(false)) ?? (await find(true)) ?? null;
    },

    /**
     * The college with this id (its slug and host name start the links of its calendar files), or
     * null (also for no id: a company's account has no college). Read from the copy, or at once for
     * an id it does not know.
     */
    async byId(id: number | null) {
      if (id === null) return null;
      const find = async (fresh: boolean) => (await colleges(fresh)).find((c) => c.id === id);
      return (await find(false)) ?? (await find(true)) ?? null;
    },

    /**
     * The college reached at this host name (a request's Host, lower-cased, without its port), or
     * null. Read from the copy only: most requests come to the deployment's own address, which no
     * college names, and must not each read the table; a host set by the operator is seen at once
     * where the server listens (`watch`), within a minute otherwise.
     */
    async byHost(host: string) {
      return (await colleges()).find((c) => c.host === host) ?? null;
    },

    /** Sets (or, with null, clears) the host name a college is reached at. */
    async setHost(slug: string, host: string | null) {
      try {
        const college = await collegesRepo.setHost(slug, host);
        if (!college) throw new NotFound(collegeMessages.noSuchCollege);
        known = null;
        return college;
      } catch (error) {
        if (host && isUniqueViolation(error)) throw new Conflict(collegeMessages.hostTaken(host));
        throw error;
      }
    },

    /** What the sign-in pages show of a college: its name, and whether it is one of several. */
    async current(id: number): Promise<CurrentCollege> {
      const all = await colleges();
      const college = all.find((c) => c.id === id) ?? all[0];
      if (!college) throw new NotFound(collegeMessages.noSuchCollege);
      return { slug: college.slug, name: college.name, several: all.length > 1 };
    },

    async create(input: NewCollege) {
      if (input.host && (await colleges(true)).some((c) => c.host === input.host)) {
        throw new Conflict(collegeMessages.hostTaken(input.host));
      }
      const college = await collegesRepo.create(input);
      if (!college) throw new Conflict(collegeMessages.slugTaken(input.slug));
      known = null;
      return college;
    },
  };
}
export type CollegesService = ReturnType<typeof createCollegesService>;
