import { eq, inArray } from 'drizzle-orm';
import { fc, it } from '@fast-check/vitest';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Role } from '@portal/contracts/common';
import { uploadFields } from '@portal/contracts/files';
import type { StudentRecord } from '@portal/contracts/students';
import { accounts } from '../db/schema.ts';
import { PASSWORD, signUp } from '../test/accounts.ts';
import {
  hostileContentType,
  hostileJsonText,
  hostileParam,
  hostileQuery,
  hostileString,
  jsonSchemaOf,
  mutate,
  mutation,
  percentEncode,
  valueOf,
} from '../test/fuzz-arbitraries.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import type { Access } from './access.ts';

/**
 * Issue 13: requests built from every API route's own zod schemas, valid-shaped and hostile (wrong
 * types, missing and unknown fields, huge strings, control characters, lone surrogates, deep
 * nesting, malformed JSON, wrong content types, garbage path parameters and queries), sent as each
 * role and with no session. No answer may be a 5xx, and every 4xx says why in `message`.
 *
 * FUZZ_REQUESTS scales the total (10,000 by default); the runs are shared out over the routes.
 */
const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 10_000);

type Who = 'anonymous' | Role | 'pending-company';
const everyone: Who[] = ['anonymous', 'student', 'college-staff', 'company', 'pending-company'];
type Route = TestApp['app']['routeAccess'][number];

type FuzzRequest = {
  who: Who;
  method: string;
  url: string;
  contentType?: string;
  payload?: string | Buffer;
  /** What was varied, for a failure's report. */
  note: string;
};

// The routes are known only once the app is built, and a property is registered per route: so the
// app is built while the file is collected.
const t: TestApp = await createTestApp({
  authRateLimitPerMinute: 1_000_000,
  signinFailuresPerAccount: 1_000_000,
  resetRequestsPerHour: { perEmail: 1_000_000, perIp: 1_000_000 },
});
const cookies = {} as Record<Exclude<Who, 'anonymous'>, string>;
const emails = {} as Record<Exclude<Who, 'anonymous'>, string>;
/** Ids that exist (accounts, a job, an application, an internship, a project), so requests get deep. */
const knownIds: string[] = [];
let knownFileName = '';

const stats = { started: Date.now(), sent: 0, byClass: {} as Record<string, number>, fiveHundreds: 0 };

async function send(request: FuzzRequest) {
  const headers: Record<string, string> = {};
  if (request.who !== 'anonymous') headers.cookie = cookies[request.who];
  if (request.contentType !== undefined) headers['content-type'] = request.contentType;
  const response = await t.app.inject({
    method: request.method as InjectOptions['method'],
    url: request.url,
    headers,
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  });
  stats.sent++;
  const statusClass = `${String(response.statusCode).slice(0, 1)}xx`;
  stats.byClass[statusClass] = (stats.byClass[statusClass] ?? 0) + 1;
  if (response.statusCode >= 500) stats.fiveHundreds++;
  return response;
}

const summary = (payload: string | Buffer | undefined) => {
  if (payload === undefined) return '(no body)';
  const text = payload.toString();
  return `${JSON.stringify(text.slice(0, 300))}${text.length > 300 ? ` … (${text.length} chars)` : ''}`;
};

/** Sends the request and fails, saying what was sent and what came back, on a 5xx or a 4xx without a message. */
async function check(route: Route, request: FuzzRequest) {
  const response = await send(request);
  const what =
    `${request.method} ${route.url} as ${request.who} (${request.note}): ` +
    `${request.method} ${request.url.slice(0, 300)} content-type=${request.contentType ?? '-'} ` +
    `body=${summary(request.payload)} -> ${response.statusCode} ${response.body.slice(0, 500)}`;
  expect(response.statusCode, what).toBeLessThan(500);
  if (response.statusCode >= 400) {
    let body: unknown;
    try {
      body = response.json();
    } catch {
      body = undefined;
    }
    expect(typeof (body as { message?: unknown } | undefined)?.message, what).toBe('string');
  }
}

/** Mostly the roles the route is for (so requests reach the service), sometimes anyone else. */
function whoFor(access: Access): fc.Arbitrary<Who> {
  const allowed: Who[] =
    access === 'public'
      ? everyone
      : access === 'signed-in'
        ? everyone.filter((w) => w !== 'anonymous')
        : everyone.filter((w) => access.includes(w === 'pending-company' ? 'company' : (w as Role)));
  const others = everyone.filter((w) => !allowed.includes(w));
  return others.length === 0
    ? fc.constantFrom(...allowed)
    : fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...allowed) },
        { weight: 1, arbitrary: fc.constantFrom(...others) },
      );
}

const ids = () => fc.constantFrom(...knownIds);

/** The URL with each `:param` filled: from the params schema, or garbage. */
function pathFor(route: Route): fc.Arbitrary<{ path: string; note: string }> {
  const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  if (names.length === 0) return fc.constant({ path: route.url, note: '' });
  const schema = jsonSchemaOf(route.schema.params);
  const values = names.map((name) => {
    const property = schema?.properties?.[name];
    const valid = property
      ? valueOf(property, ids()).map((v) => (name === 'name' && typeof v === 'string' ? v : String(v)))
      : fc.string();
    const own = name === 'name' ? fc.oneof(valid, fc.constant(knownFileName)) : valid;
    return fc.oneof(
      { weight: 3, arbitrary: own.map((v) => ({ value: percentEncode(v), hostile: false })) },
      { weight: 2, arbitrary: hostileParam.map((v) => ({ value: v, hostile: true })) },
    );
  });
  return fc.tuple(...values).map((filled) => {
    let path = route.url;
    names.forEach((name, i) => (path = path.replace(`:${name}`, filled[i]!.value)));
    return { path, note: filled.some((f) => f.hostile) ? 'hostile params' : '' };
  });
}

const toQueryString = (value: unknown) =>
  value && typeof value === 'object'
    ? Object.entries(value)
        .flatMap(([key, inner]) => (Array.isArray(inner) ? inner : [inner]).map((v) => [key, v] as const))
        .map(
          ([key, v]) =>
            `${percentEncode(key)}=${percentEncode(typeof v === 'string' ? v : JSON.stringify(v))}`,
        )
        .join('&')
    : '';

/** The query: from the querystring schema (sometimes with one field broken), or hostile, or none. */
function queryFor(route: Route): fc.Arbitrary<{ query: string; note: string }> {
  const schema = jsonSchemaOf(route.schema.querystring);
  const hostile = hostileQuery.map((query) => ({ query, note: 'hostile query' }));
  if (!schema) {
    return fc.oneof(
      { weight: 5, arbitrary: fc.constant({ query: '', note: '' }) },
      { weight: 1, arbitrary: hostile },
    );
  }
  const shaped = fc.tuple(valueOf(schema, ids()), mutation).map(([valid, m]) => ({
    query: toQueryString(mutate(valid, m)),
    note: m.op === 'none' ? '' : `query ${m.op}`,
  }));
  return fc.oneof({ weight: 4, arbitrary: shaped }, { weight: 1, arbitrary: hostile });
}

const jsonType = 'application/json';

/** The body: from the body schema (sometimes with one thing broken), hostile JSON text, another content type, or none. */
function bodyFor(
  route: Route,
): fc.Arbitrary<{ payload?: string | Buffer; contentType?: string; note: string }> {
  const schema = jsonSchemaOf(route.schema.body);
  const none = fc.constantFrom({ note: 'no body' }, { contentType: jsonType, note: 'empty json body' });
  const hostileText = hostileJsonText.map((payload) => ({
    payload,
    contentType: jsonType,
    note: 'hostile json text',
  }));
  const otherType = fc
    .tuple(hostileContentType, fc.oneof(fc.constant('{}'), fc.constant('a=1&b=2'), hostileString))
    .map(([contentType, payload]) => ({ payload, contentType, note: 'other content type' }));
  if (route.method === 'GET') {
    return fc.oneof(
      { weight: 8, arbitrary: fc.constant({ note: '' }) },
      { weight: 1, arbitrary: hostileText },
    );
  }
  if (!schema) {
    return fc.oneof(
      { weight: 2, arbitrary: none },
      { weight: 2, arbitrary: hostileText },
      { weight: 1, arbitrary: otherType },
      {
        weight: 1,
        arbitrary: fc
          .jsonValue()
          .map((v) => ({ payload: JSON.stringify(v) ?? 'null', contentType: jsonType, note: 'json' })),
      },
    );
  }
  const shaped = fc.tuple(valueOf(schema, ids()), mutation).map(([valid, m]) => ({
    payload: JSON.stringify(mutate(valid, m)) ?? '',
    contentType: jsonType,
    note: m.op === 'none' ? 'valid-shaped body' : `body ${m.op}`,
  }));
  return fc.oneof(
    { weight: 12, arbitrary: shaped },
    { weight: 3, arbitrary: hostileText },
    { weight: 1, arbitrary: otherType },
    { weight: 1, arbitrary: none },
  );
}

function requestFor(route: Route): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({ who: whoFor(route.access), path: pathFor(route), query: queryFor(route), body: bodyFor(route) })
    .map(({ who, path, query, body }) => ({
      who,
      method: route.method,
      url: query.query ? `${path.path}?${query.query}` : path.path,
      contentType: body.contentType,
      payload: body.payload,
      note: [path.note, query.note, body.note].filter(Boolean).join(', ') || 'valid-shaped',
    }));
}

/** Upload routes read a multipart stream, not a schema: they get multipart bodies of every wrong kind. */
const boundary = '----fuzz-boundary';
const part = (field: string, filename: string | undefined, type: string, bytes: Buffer) =>
  Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"${filename === undefined ? '' : `; filename="${filename}"`}\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from('\r\n'),
  ]);
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64, 7)]);
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

function uploadFor(route: Route): fc.Arbitrary<FuzzRequest> {
  const field = route.url.endsWith('uploadResume') ? uploadFields.resume : uploadFields.picture;
  const bytes = fc.oneof(
    fc.constantFrom(Buffer.alloc(0), PNG, PDF, PNG.subarray(0, 4), Buffer.alloc(1_100_000, 1)),
    fc.uint8Array({ maxLength: 2_000 }).map((a) => Buffer.from(a)),
  );
  const parts = fc.array(
    fc.tuple(
      fc.oneof(
        fc.constant(field),
        fc.constantFrom(uploadFields.picture, uploadFields.resume, '', 'file'),
        hostileString,
      ),
      fc.option(fc.oneof(fc.constant('a.png'), hostileString), { nil: undefined }),
      fc.constantFrom('image/png', 'application/pdf', 'text/plain', ''),
      bytes,
    ),
    { maxLength: 3 },
  );
  const multipartBody = fc
    .tuple(parts, fc.constantFrom(`--${boundary}--\r\n`, '', `--${boundary}`, 'garbage'))
    .map(([ps, end]) => ({
      payload: Buffer.concat([...ps.map(([f, name, type, b]) => part(f, name, type, b)), Buffer.from(end)]),
      contentType: `multipart/form-data; boundary=${boundary}`,
      note: `multipart with ${ps.length} part(s)`,
    }));
  const wrongBoundary = fc
    .tuple(
      multipartBody,
      fc.constantFrom(
        'multipart/form-data',
        'multipart/form-data; boundary=',
        'multipart/form-data; boundary=other',
      ),
    )
    .map(([b, contentType]) => ({ ...b, contentType, note: `${b.note}, wrong boundary` }));
  const notMultipart = fc.oneof(
    hostileJsonText.map((payload) => ({ payload, contentType: jsonType, note: 'json, not multipart' })),
    fc
      .tuple(hostileContentType, hostileString)
      .map(([contentType, payload]) => ({ payload, contentType, note: 'not multipart' })),
    fc.constant({ payload: undefined, contentType: undefined, note: 'no body' }),
  );
  return fc
    .record({
      who: whoFor(route.access),
      body: fc.oneof(
        { weight: 4, arbitrary: multipartBody },
        { weight: 1, arbitrary: wrongBoundary },
        { weight: 2, arbitrary: notMultipart },
      ),
    })
    .map(({ who, body }) => ({ who, method: route.method, url: route.url, ...body }));
}

const isUpload = (route: Route) => /upload(ProfilePicture|Resume)$/.test(route.url);

async function api(cookie: string, method: InjectOptions['method'], url: string, payload?: object) {
  const response = await t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json<{ message: unknown }>().message;
}

const signinRole = (who: Exclude<Who, 'anonymous'>): Role => (who === 'pending-company' ? 'company' : who);

/**
 * Fuzzed requests change things (a staff member suspends the fuzzing company, a signout ends a
 * session): before each route, every fuzzing account is back to its status and signed in.
 */
async function restoreAccounts() {
  await t.db
    .update(accounts)
    .set({ status: 'Allowed' })
    .where(inArray(accounts.email, [emails.student, emails['college-staff'], emails.company]));
  await t.db.update(accounts).set({ status: 'Pending' }).where(eq(accounts.email, emails['pending-company']));
  for (const who of Object.keys(cookies) as Exclude<Who, 'anonymous'>[]) {
    const me = await t.app.inject({ url: '/api/', headers: { cookie: cookies[who] } });
    if (me.statusCode === 200) continue;
    const signin = await t.app.inject({
      method: 'POST',
      url: `/api/${signinRole(who)}/signin`,
      payload: { emailID: emails[who], password: PASSWORD },
    });
    expect(signin.statusCode, `signing ${who} in again: ${signin.body}`).toBe(200);
    cookies[who] = [signin.headers['set-cookie'] ?? []]
      .flat()
      .find((c) => c.startsWith('portal_session='))!
      .split(';')[0]!;
  }
}

/** One account per role (and a company still Pending), and things for the fuzzed requests' ids to name. */
async function setUp() {
  for (const role of ['student', 'college-staff', 'company'] as const) {
    ({ cookie: cookies[role], email: emails[role] } = await signUp(t.app, role));
  }
  ({ cookie: cookies['pending-company'], email: emails['pending-company'] } = await signUp(
    t.app,
    'company',
    { company: 'Pending Co' },
    { approved: false },
  ));
  const rows = await t.db.select({ id: accounts.id }).from(accounts);
  knownIds.push(...rows.map((r) => r.id));

  // A job, an application to it, an internship, a project and a resume, so ids in requests exist.
  const job = (await api(cookies.company, 'POST', '/api/company/postJob', {
    typ: 'jobs',
    value: {
      role: 'Engineer',
      description: 'APIs',
      qualifications: ['B.Tech'],
      startDate: '2020-01-01',
      applicationDeadline: '2099-12-31',
    },
  })) as { _id: string };
  await api(cookies.student, 'PUT', '/api/student/updateProfileDetail', {
    typ: 'educationalDetails',
    value: { rollNumber: 5, degrees: ['B.Tech'], collegeName: 'GEC', cgpa: 8, yearOfPassing: 2026 },
  });
  await api(cookies.student, 'PUT', '/api/student/updateProfileDetail', {
    typ: 'internships',
    value: { company: 'Initech', role: 'Intern', duration: '2 months', description: 'Reports' },
  });
  await api(cookies.student, 'PUT', '/api/student/updateProfileDetail', {
    typ: 'projects',
    value: { title: 'Portal', link: 'https://example.com', duration: '1 month', description: 'A site' },
  });
  await api(cookies.student, 'POST', '/api/student/jobApplyByStudent', { jobID: job._id });
  const applicants = (await api(cookies.company, 'GET', `/api/company/applicants?jobId=${job._id}`)) as {
    _id: string;
  }[];
  const resume = await t.app.inject({
    method: 'POST',
    url: '/api/student/uploadResume',
    headers: { cookie: cookies.student, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      part(uploadFields.resume, 'cv.pdf', 'application/pdf', PDF),
      Buffer.from(`--${boundary}--\r\n`),
    ]),
  });
  expect(resume.statusCode, resume.body).toBe(200);
  const me = (await api(cookies.student, 'GET', '/api/student/getUserData')) as StudentRecord;
  knownIds.push(
    job._id,
    ...applicants.map((a) => a._id),
    ...me.pastInternshipsProjects.internships.map((i) => i._id),
    ...me.pastInternshipsProjects.projects.map((p) => p._id),
  );
  knownFileName = me.resume.split('/').pop()!;
}

await setUp();
const routes = t.app.routeAccess;
/**
 * A valid-shaped request to these hashes or checks a password (argon2id, ~60 ms of CPU each): they
 * get a quarter of the runs, the other routes share the rest, so the whole stays within a minute.
 */
const hashesPasswords = (route: Route) => /\/(signup|signin|resetPassword)$/.test(route.url);
const costly = routes.filter(hashesPasswords).length;
const costlyRuns = Math.ceil(TOTAL / routes.length / 4);
const otherRuns = Math.ceil((TOTAL - costly * costlyRuns) / (routes.length - costly));
const runsFor = (route: Route) => (hashesPasswords(route) ? costlyRuns : otherRuns);

afterAll(async () => {
  // The figures for docs/reliability.md.
  console.log(
    `fuzz: ${stats.sent} requests over ${routes.length} routes in ${Math.round((Date.now() - stats.started) / 1000)} s, ` +
      `${stats.fiveHundreds} answers >= 500 ` +
      `(${Object.entries(stats.byClass)
        .sort()
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')})`,
  );
  await t.close();
});

describe('fuzzing every API route: never a 5xx, and every 4xx has a message', () => {
  for (const route of routes) {
    // A describe per route, so the accounts are restored once before its runs (a beforeEach would
    // run before every one of them).
    describe(`${route.method} ${route.url}`, () => {
      beforeAll(restoreAccounts);
      it.prop([isUpload(route) ? uploadFor(route) : requestFor(route)], { numRuns: runsFor(route) })(
        'answers every request below 500',
        (request) => check(route, request),
        120_000,
      );
    });
  }

  it(`sent at least ${TOTAL} requests`, () => {
    expect(stats.sent).toBeGreaterThanOrEqual(TOTAL);
  });
});
