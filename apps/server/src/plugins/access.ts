import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AccountStatus, Role } from '@portal/contracts/common';
import { coordinatorRole, type SubRole, universityRole } from '@portal/contracts/endpoint';
import { approval, auth } from '@portal/contracts/messages';
import { companyMaySeeStudents } from '@portal/contracts/student-visibility';
import { withinColleges } from '../db/college-scope.ts';
import { Forbidden, Unauthorized } from '../lib/errors.ts';
import { readSessionToken } from '../lib/session-cookie.ts';

/**
 * Who may call a route, declared on the route itself:
 * 'public' (anyone), 'signed-in' (any role), or the list of roles allowed. The list may name a
 * sub-role: 'coordinator', a student or staff account holding a coordinator assignment of a drive
 * day (`isCoordinator` decides; the route's service checks the day and the scope), or
 * 'university', a staff account the operator made the university's placement director
 * (`isDirector`).
 */
export type Access = 'public' | 'signed-in' | readonly (Role | SubRole)[];

export type SessionAccount = {
  id: string;
  role: Role;
  status: AccountStatus;
  name: string;
  /** The sign-in email, read with the session: staff never decide about an account with their own. */
  email: string;
  /** A student's or staff member's college; null for a company. */
  collegeId: number | null;
  /** A company's colleges that allow it to recruit (student-visibility's `Viewer`); empty for others. */
  recruitsAt: readonly number[];
  tokenHash: string;
};

/**
 * The colleges a signed-in account's requests are walled to (db/college-scope.ts): a student's or
 * a staff member's own. A company recruits across colleges; its requests are scoped by the
 * application (the visibility rule), not walled.
 */
export function wallOf(account: SessionAccount | null): number[] | null {
  return account && account.role !== 'company' && account.collegeId !== null ? [account.collegeId] : null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Suspended accounts are refused everywhere but on routes that set this. */
    allowSuspended?: boolean;
    /**
     * The route shows or acts on students: a company the placement cell does not allow to recruit
     * (`companyMaySeeStudents`, the visibility rule's own test) is refused here.
     */
    approvedCompanyOnly?: boolean;
    /** Rejected accounts are refused everywhere but on routes that set this. */
    allowRejected?: boolean;
  }
  interface FastifyRequest {
    account: SessionAccount | null;
  }
  interface FastifyInstance {
    /**
     * Every API route with its declared access and the schemas of what it reads, for the
     * authorization test and the fuzz test that builds requests from them.
     */
    routeAccess: {
      method: string;
      url: string;
      access: Access;
      allowSuspended: boolean;
      approvedCompanyOnly: boolean;
      allowRejected: boolean;
      schema: { body?: unknown; querystring?: unknown; params?: unknown };
    }[];
  }
}

/** A method that only reads: its session may come from the server's recent copy. */
const reads = (method: string) => method === 'GET' || method === 'HEAD';

/** The load balancer's checks are routes like the API's: declared, and in the route table. */
const probes = new Set(['/health', '/ready']);
const exempt = (url: string) => (!url.startsWith('/api') && !probes.has(url)) || url.startsWith('/api/docs');

export const accessControl = fp(
  async (
    app: FastifyInstance,
    {
      resolveSession,
      changeAnswered = () => {},
      isCoordinator = async () => false,
      isDirector = async () => false,
    }: {
      /** `reading`: a GET or HEAD, which may be answered with the server's recent copy of the session. */
      resolveSession: (token: string, reading: boolean) => Promise<SessionAccount | null>;
      /** A request that may have changed something has been answered (before its answer leaves). */
      changeAnswered?: () => void;
      /** Whether the account holds a coordinator assignment (the sub-role 'coordinator'). */
      isCoordinator?: (accountId: string) => Promise<boolean>;
      /** Whether the staff account is the university's placement director (the sub-role 'university'). */
      isDirector?: (accountId: string) => Promise<boolean>;
    },
  ) => {
    app.decorate('routeAccess', []);
    app.decorateRequest('account', null);

    app.addHook('onRoute', (route) => {
      if (exempt(route.url)) return;
      const access = route.config?.access;
      if (!access) throw new Error(`${String(route.method)} ${route.url} must declare config.access`);
      // An API handler runs walled to the signed-in account's college (the hooks before it, which
      // read the session itself, do not, and neither do the load balancer's probes).
      const { handler } = route;
      if (!probes.has(route.url)) {
        route.handler = function walledHandler(request, reply) {
          const colleges = wallOf(request.account);
          return colleges
            ? withinColleges(colleges, () => handler.call(this, request, reply))
            : handler.call(this, request, reply);
        };
      }
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        app.routeAccess.push({
          method,
          url: route.url,
          access,
          allowSuspended: route.config?.allowSuspended ?? false,
          approvedCompanyOnly: route.config?.approvedCompanyOnly ?? false,
          allowRejected: route.config?.allowRejected ?? false,
          schema: {
            body: route.schema?.body,
            querystring: route.schema?.querystring,
            params: route.schema?.params,
          },
        });
      }
    });

    // Whatever a request that may change something changed (an account suspended, a company
    // approved, a sign-out), the next request here sees: before its answer leaves, the server's
    // recent copies (of sessions, of students' own records: lib/notified-copy.ts) are emptied.
    app.addHook('onSend', async (request) => {
      if (!reads(request.method)) changeAnswered();
    });

    app.addHook('onRequest', async (request) => {
      const { access, allowSuspended, approvedCompanyOnly, allowRejected } = request.routeOptions.config;
      if (!access) return;
      const token = readSessionToken(request);
      request.account = token ? await resolveSession(token, reads(request.method)) : null;
      if (access === 'public') return;
      if (!request.account) throw new Unauthorized(auth.notSignedIn);
      if (access !== 'signed-in' && !access.includes(request.account.role)) {
        const { id, role } = request.account;
        const holds =
          (access.includes(coordinatorRole) && role !== 'company' && (await isCoordinator(id))) ||
          (access.includes(universityRole) && role === 'college-staff' && (await isDirector(id)));
        if (!holds) throw new Forbidden(auth.wrongRole);
      }
      const { status } = request.account;
      if (status === 'Suspended' && !allowSuspended) throw new Forbidden(auth.suspended);
      if (status === 'Rejected' && !allowRejected) throw new Forbidden(approval.rejected);
      if (approvedCompanyOnly && request.account.role === 'company' && !companyMaySeeStudents(status)) {
        throw new Forbidden(approval.awaiting);
      }
    });
  },
);

/** The signed-in account of a route that declared a role; such routes never run without one. */
export function currentAccount(request: { account: SessionAccount | null }): SessionAccount {
  if (!request.account) throw new Unauthorized(auth.notSignedIn);
  return request.account;
}
