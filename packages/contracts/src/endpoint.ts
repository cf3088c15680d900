import type { z } from 'zod';
import type { Role } from './common.ts';

/*
 * Each endpoint of the API is described once, here in the contracts: its method, path, who may call
 * it, and the schemas of what it reads and answers. The server registers its route from that object
 * (`apps/server/src/lib/route.ts`), the OpenAPI document is generated from the same schemas, and the
 * web calls it through one typed client (`api.call(endpoint, input)` in `apps/web/src/lib/api-client.ts`),
 * so a renamed path or a changed field is a type error on both sides.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A sub-role held on top of a role: a student or staff account that staff made a coordinator of a
 * drive day (a `drive_day_coordinators` row). An endpoint naming it lets such an account through;
 * its service then checks the day and the scope (companies, rooms) of the assignment.
 */
export const coordinatorRole = 'coordinator';
/**
 * A staff account the operator made a university's placement director (a `university_directors`
 * row): it reads every college's statistics side by side, and changes nothing.
 */
export const universityRole = 'university';
export const subRoles = [coordinatorRole, universityRole] as const;
export type SubRole = (typeof subRoles)[number];

/** Who may call an endpoint: anyone, any signed-in account, or these roles (and sub-roles). */
export type Access = 'public' | 'signed-in' | readonly (Role | SubRole)[];

export type EndpointShape = {
  method: Method;
  /** Path parameters are written `:name` and described by `params`. */
  path: `/${string}`;
  access: Access;
  /** Suspended accounts are refused everywhere but on endpoints that say so. */
  allowSuspended?: boolean;
  /** The endpoint shows or acts on students: a company the placement cell does not allow to recruit is refused. */
  approvedCompanyOnly?: boolean;
  /** Rejected companies are refused everywhere but on endpoints that say so. */
  allowRejected?: boolean;
  summary: string;
  description?: string;
  /** The OpenAPI group; by default the path's area (`/api/company/…` → `company`). */
  tags?: readonly string[];
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /**
   * What a JSON answer carries in its `message`; for a `raw` answer (a file, CSV, ZIP or calendar),
   * what the bytes are, for the documentation only.
   */
  response: z.ZodType;
  /** The status of a JSON answer: 200 unless the endpoint creates something (201). */
  status?: 200 | 201;
  /**
   * Set when `response` describes the whole JSON body rather than its `message` (GET /api/ answers
   * the role in `message` and the deployment's time zone beside it).
   */
  whole?: boolean;
  /** Set when the answer is bytes of these types, sent as they are, not `{ message }`. */
  raw?: { produces: readonly string[] };
  /**
   * Other answers, by status, beside the success and the `{ message }` failures: what a `raw`
   * endpoint's handler may send instead (GET /ready's 503 carries its checks).
   */
  responses?: Readonly<Record<number, z.ZodType>>;
  /** Set when the body is multipart form data carrying one file in this field. */
  upload?: { field: string };
};

/** Declares an endpoint, keeping its literal method, path and schemas in its type. */
export const endpoint = <const E extends EndpointShape>(e: E): E => e;

type Schema<E, K extends 'params' | 'query' | 'body'> = E extends { [P in K]: infer S extends z.ZodType }
  ? S
  : never;

/** The path parameters a caller gives, as the server reads them. */
export type ParamsOf<E extends EndpointShape> = z.output<Schema<E, 'params'>>;
/** The query a caller may give: every field optional (the server fills defaults), typed as the server reads it. */
export type QueryOf<E extends EndpointShape> = Partial<z.output<Schema<E, 'query'>>>;
/** The JSON body a caller sends. */
export type BodyOf<E extends EndpointShape> = z.input<Schema<E, 'body'>>;
/** What a call resolves to: the `message` of the answer (or the whole body, for a `whole` endpoint). */
export type ResponseOf<E extends EndpointShape> = z.output<E['response']>;

/** What a call of `E` needs: the parts of the request the endpoint declares, and only those. */
export type CallInput<E extends EndpointShape> = ([Schema<E, 'params'>] extends [never]
  ? { params?: never }
  : { params: ParamsOf<E> }) &
  ([Schema<E, 'query'>] extends [never] ? { query?: never } : { query?: QueryOf<E> }) &
  ([Schema<E, 'body'>] extends [never] ? { body?: never } : { body: BodyOf<E> });

/** The OpenAPI group of an endpoint: its own, else its path's area. */
export const tagsOf = (e: Pick<EndpointShape, 'path' | 'tags'>): readonly string[] =>
  e.tags ?? [/^\/api\/([^/]+)\//.exec(e.path)?.[1] ?? 'portal'];

/** A path or query value as text: strings, numbers and booleans as they print, lists joined by commas. */
function asText(value: unknown): string {
  if (Array.isArray(value)) return value.map(asText).join(',');
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  throw new Error(`cannot send ${typeof value} in a URL`);
}

/**
 * The URL of a call: the path with its parameters filled in (each encoded) and the query's defined
 * values appended. The web app's client and links use it; nothing else writes a path.
 */
export function urlOf(
  e: Pick<EndpointShape, 'path'>,
  input: { params?: Record<string, unknown>; query?: Record<string, unknown> } = {},
): string {
  const path = e.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = input.params?.[name];
    if (value === undefined) throw new Error(`${e.path} needs the path parameter ${name}`);
    return encodeURIComponent(asText(value));
  });
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(input.query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(asText(value))}`);
  }
  return pairs.length ? `${path}?${pairs.join('&')}` : path;
}
