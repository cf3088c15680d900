import { eq, inArray, sql } from 'drizzle-orm';
import { fc, it } from '@fast-check/vitest';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Role } from '@portal/contracts/common';
import { uploadFields } from '@portal/contracts/files';
import { http } from '@portal/contracts/messages';
import type { StaffStudentDetails } from '@portal/contracts/staff';
import type { StudentRecord } from '@portal/contracts/students';
import { accounts, companyColleges } from '../db/schema.ts';
import { PASSWORD, signupBody } from '../test/accounts.ts';
import {
  blend,
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
import { createTestApp, type TestApp, testConfig } from '../test/test-app.ts';
import { type Person, recordForm, world } from '../test/world.ts';
import { createUniversityRepo } from '../modules/university/university.repo.ts';
import type { Access } from './access.ts';

/**
 * Issue 13: requests built from every API route's own zod schemas (`routeAccess` carries them),
 * valid-shaped and hostile (wrong types, missing and unknown fields, `__proto__` keys, huge strings
 * and arrays, control characters, lone surrogates, deep nesting, malformed JSON, wrong content
 * types, garbage path parameters, queries and session cookies), sent as each role, as a company
 * still awaiting approval and with no session. No answer may be a 5xx; every 4xx says why in
 * `message`, and never with the database's refusal of a value (a gap in the route's contract).
 *
 * Nothing is left out: the upload routes read a multipart stream rather than a schema, so they get
 * multipart bodies of every wrong kind instead (cut short, wrong fields, empty or junk files, too
 * large, wrong boundary, not multipart at all).
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
  /** A forged session cookie (with no session only), a foreign Origin. */
  headers: Record<string, string>;
  /** What was varied, for a failure's report. */
  note: string;
};

// The routes are known only once the app is built, and a property is registered per route: so the
// app is built while the file is collected.
const t: TestApp = await createTestApp({
  // The development outbox page is an API route too.
  mail: { ...testConfig().mail, devOutbox: true },
  authRateLimitPerMinute: 1_000_000,
  signinFailuresPerAccount: 1_000_000,
  resetRequestsPerHour: { perEmail: 1_000_000, perIp: 1_000_000 },
});
const cookies = {} as Record<Exclude<Who, 'anonymous'>, string>;
const emails = {} as Record<Exclude<Who, 'anonymous'>, string>;
/** Ids that exist (accounts, a job, an application, an internship, a project), so requests get deep. */
const knownIds: string[] = [];
let knownFileName = '';
/** Ids that exist, by route and parameter (`/api/company/jobs/:id:id`), tried before any other. */
const idsFor: Record<string, string[]> = {};
/** Known-good bodies by route: sent as they are, with one thing broken, or blended with random values. */
const examples: Record<string, fc.Arbitrary<unknown>> = {};
/** Brings ids and examples up to date before a route's runs, where earlier routes changed them. */
const refreshBefore: Record<string, () => Promise<void>> = {};
/** The password hashes the fuzzing accounts started with, put back should a fuzzed request change one. */
const passwordHashes = new Map<string, string>();

const stats = { started: Date.now(), sent: 0, byClass: {} as Record<string, number>, fiveHundreds: 0 };

async function send(request: FuzzRequest) {
  const headers: Record<string, string> = { ...request.headers };
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
    `headers=${JSON.stringify(request.headers).slice(0, 200)} ` +
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
    // The database is the last line: a value it refuses is one the route's contract let through,
    // and its answer is vaguer than the contract's own message would have been.
    expect((body as { message: string }).message, what).not.toBe(http.refusedValue);
  }
}

/** Mostly the roles the route is for (so requests reach the service), sometimes anyone else. */
function whoFor(access: Access): fc.Arbitrary<Who> {
  const allowed: Who[] =
    access === 'public'
      ? everyone
      : access === 'signed-in'
        ? everyone.filter((w) => w !== 'anonymous')
        : everyone.filter(
            (w) =>
              access.includes(w === 'pending-company' ? 'company' : (w as Role)) ||
              // The fuzzing student coordinates a drive day and the fuzzing staff member is the
              // university's placement director (setUp): the sub-roles' routes are theirs.
              (access.includes('coordinator') && w === 'student') ||
              (access.includes('university') && w === 'college-staff'),
          );
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
    const valid = property ? valueOf(property, ids()).map(String) : fc.string();
    const preferred = name === 'name' ? [knownFileName] : (idsFor[`${route.url}:${name}`] ?? []);
    // Read when generated, not when built: a refresh before the route may replace the ids.
    const own =
      preferred.length > 0
        ? fc.oneof(
            valid,
            fc.nat().map((i) => preferred[i % preferred.length]!),
          )
        : valid;
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

/**
 * An object as a query string, an array as a repeated key. A huge array under a huge key would make
 * a string longer than V8 allows: a key repeats at most 1,000 times.
 */
const toQueryString = (value: unknown) =>
  value && typeof value === 'object'
    ? Object.entries(value)
        .flatMap(([key, inner]) =>
          (Array.isArray(inner) ? inner.slice(0, 1_000) : [inner]).map((v) => [key, v] as const),
        )
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
  const random = valueOf(schema, ids());
  const example = examples[`${route.method} ${route.url}`];
  const valid = example
    ? fc.oneof(
        { weight: 2, arbitrary: random },
        { weight: 2, arbitrary: example },
        {
          weight: 2,
          arbitrary: fc
            .tuple(example, random, fc.array(fc.boolean(), { maxLength: 16 }))
            .map(([e, r, picks]) => blend(e, r, picks)),
        },
      )
    : random;
  const shaped = fc.tuple(valid, mutation).map(([body, m]) => ({
    payload: JSON.stringify(mutate(body, m)) ?? '',
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

/** Now and then a session cookie that names no session (sent with no session only) or a foreign Origin. */
const extraHeaders: fc.Arbitrary<{ headers: Record<string, string>; note: string }> = fc
  .record(
    {
      cookie: fc.oneof(
        fc.string({ unit: 'grapheme-ascii', maxLength: 80 }).map((v) => `portal_session=${v}`),
        fc.constantFrom(
          'portal_session=',
          `portal_session=${'a'.repeat(8_000)}`,
          'portal_session=%E0%A4%A',
          'portal_session="unterminated',
          '=;=;',
          'portal_session=a; portal_session=b',
        ),
      ),
      origin: fc.constantFrom('null', 'http://evil.example', 'garbage', '', 'http://localhost:80'),
    },
    { requiredKeys: [] },
  )
  .map((headers) => ({
    headers,
    note: Object.keys(headers)
      .map((h) => `forged ${h}`)
      .join(', '),
  }));
const someHeaders = fc.oneof(
  { weight: 6, arbitrary: fc.constant({ headers: {}, note: '' }) },
  { weight: 1, arbitrary: extraHeaders },
);

/** The forged cookie only stands in for no session: a signed-in request keeps its own. */
const withHeaders = (who: Who, extra: { headers: Record<string, string>; note: string }) => {
  if (who === 'anonymous' || !extra.headers.cookie) return extra;
  const { cookie: _ignored, ...headers } = extra.headers;
  return { headers, note: headers.origin === undefined ? '' : 'forged origin' };
};

function requestFor(route: Route): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      who: whoFor(route.access),
      path: pathFor(route),
      query: queryFor(route),
      body: bodyFor(route),
      extra: someHeaders,
    })
    .map(({ who, path, query, body, extra }) => {
      const { headers, note } = withHeaders(who, extra);
      return {
        who,
        method: route.method,
        url: query.query ? `${path.path}?${query.query}` : path.path,
        contentType: body.contentType,
        payload: body.payload,
        headers,
        note: [path.note, query.note, body.note, note].filter(Boolean).join(', ') || 'valid-shaped',
      };
    });
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
      extra: someHeaders,
      body: fc.oneof(
        { weight: 4, arbitrary: multipartBody },
        { weight: 1, arbitrary: wrongBoundary },
        { weight: 2, arbitrary: notMultipart },
      ),
    })
    .map(({ who, extra, body }) => {
      const { headers, note } = withHeaders(who, extra);
      return {
        who,
        method: route.method,
        url: route.url,
        ...body,
        headers,
        note: [body.note, note].filter(Boolean).join(', '),
      };
    });
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
  // A company's standing at the college, which its account's status sums up (migration 0031).
  for (const [email, status] of [
    [emails.company, 'Allowed'],
    [emails['pending-company'], 'Pending'],
  ] as const) {
    await t.db
      .update(companyColleges)
      .set({ status })
      .where(sql`${companyColleges.companyId} = (select id from accounts where email = ${email})`);
  }
  for (const [email, passwordHash] of passwordHashes) {
    await t.db.update(accounts).set({ passwordHash }).where(eq(accounts.email, email));
  }
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
  const w = world(t);
  const people = {} as Record<Exclude<Who, 'anonymous'>, Person>;
  for (const role of ['student', 'college-staff', 'company'] as const) people[role] = await w.account(role);
  people['pending-company'] = await w.company({ company: 'Pending Co', approved: false });
  for (const [who, person] of Object.entries(people) as [Exclude<Who, 'anonymous'>, Person][]) {
    cookies[who] = person.cookie;
    emails[who] = person.email;
  }
  const rows = await t.db.select({ id: accounts.id }).from(accounts);
  knownIds.push(...rows.map((r) => r.id));

  // A job, an application to it, an internship, a project and a resume, so ids in requests exist.
  const job = await w.job(people.company, {
    role: 'Engineer',
    description: 'APIs',
    startDate: '2020-01-01',
    applicationDeadline: '2099-12-31',
  });
  await w.academics(people.student);
  await api(cookies.student, 'PUT', '/api/student/updateProfileDetail', {
    typ: 'internships',
    value: { company: 'Initech', role: 'Intern', duration: '2 months', description: 'Reports' },
  });
  await api(cookies.student, 'PUT', '/api/student/updateProfileDetail', {
    typ: 'projects',
    value: { title: 'Portal', link: 'https://example.com', duration: '1 month', description: 'A site' },
  });
  const applicationId = await w.apply(people.student, job);
  // A drive day the student coordinates (a room of it), so the coordinator routes reach their service.
  const driveDay = (await api(cookies['college-staff'], 'POST', '/api/college-staff/driveDays', {
    date: '2099-02-01',
    gapMinutes: 10,
    rankingCutoff: '2099-01-01T00:00:00Z',
    rooms: ['Room F'],
  })) as { id: string; rooms: { id: string }[] };
  await api(cookies['college-staff'], 'POST', `/api/college-staff/driveDays/${driveDay.id}/coordinators`, {
    email: emails.student,
    roomIds: [driveDay.rooms[0]!.id],
  });
  knownIds.push(driveDay.id, driveDay.rooms[0]!.id);
  await createUniversityRepo(t.db).appoint(emails['college-staff']);
  await w.resume(people.student);
  const me = (await api(cookies.student, 'GET', '/api/student/getUserData')) as StudentRecord;
  const internshipId = me.pastInternshipsProjects.internships[0]!._id;
  const projectId = me.pastInternshipsProjects.projects[0]!._id;
  const studentId = me._id;
  knownFileName = me.resume.split('/').pop()!;

  // Staff verify the student, whose next academic change then waits for a decision.
  await w.verify(people.student, people['college-staff']);
  const details = async () =>
    (await api(
      cookies['college-staff'],
      'GET',
      `/api/college-staff/getStudentDetails/${studentId}`,
    )) as StaffStudentDetails;
  // The record page's form, as staff save it (the read-only stamp left out).
  const latest = recordForm(await details());
  delete latest.educationalDetails.verification;
  refreshBefore['PUT /api/college-staff/updateStudentDetails'] = async () => {
    latest.version = (await details()).version;
  };
  await api(cookies.student, 'PUT', '/api/student/updateProfileDetail', {
    typ: 'educationalDetails',
    value: { rollNumber: 6, degrees: ['B.Tech'], collegeName: 'GEC', cgpa: 8.5, yearOfPassing: 2026 },
  });
  const requests = (await api(
    cookies['college-staff'],
    'GET',
    '/api/college-staff/academicChangeRequests',
  )) as {
    items: { _id: string }[];
  };
  const requestId = requests.items[0]!._id;
  const requestIds = [requestId];
  // Each academic change the student makes replaces the waiting request under a new id.
  refreshBefore['PUT /api/college-staff/academicChangeRequests/:id'] = async () => {
    await api(cookies.student, 'PUT', '/api/student/updateProfileDetail', {
      typ: 'educationalDetails',
      value: { rollNumber: 8, degrees: ['B.Tech'], collegeName: 'GEC', cgpa: 7.5, yearOfPassing: 2026 },
    });
    const pending = (await api(
      cookies['college-staff'],
      'GET',
      '/api/college-staff/academicChangeRequests?status=Pending',
    )) as { items: { _id: string }[] };
    // None waits if a fuzzed staff save un-verified the student: the old id then stands (a 404).
    if (pending.items.length > 0) requestIds.splice(0, requestIds.length, ...pending.items.map((r) => r._id));
  };
  const companyIds = [people.company.id, people['pending-company'].id];
  const jobValue = {
    role: 'Engineer',
    description: 'APIs',
    qualifications: ['B.Tech'],
    startDate: '2020-01-01',
    applicationDeadline: '2099-12-31',
    minCgpa: 6,
    eligibleDegrees: ['B.Tech'],
    eligibleYears: [2026],
    type: 'Full-time',
    package: 12,
  };
  // A second job the student has not applied to yet.
  const secondJob = await w.job(people.company, { ...jobValue, role: 'Analyst' });
  knownIds.push(job._id, secondJob._id, applicationId, internshipId, projectId, requestId);

  for (const row of await t.db
    .select({ email: accounts.email, passwordHash: accounts.passwordHash })
    .from(accounts)
    .where(inArray(accounts.email, Object.values(emails)))) {
    passwordHashes.set(row.email, row.passwordHash);
  }

  const byUrl: Record<string, string[]> = {
    '/api/student/internships/:id': [internshipId],
    '/api/student/projects/:id': [projectId],
    '/api/college-staff/companies/:id/status': companyIds,
    '/api/college-staff/companyDetails/:id': companyIds,
    '/api/college-staff/getStudentDetails/:id': [studentId],
    '/api/company/getStudentDetails/:id': [studentId],
    '/api/college-staff/students/:id/recordViews': [studentId],
    '/api/college-staff/academicChangeRequests/:id': requestIds,
    '/api/company/applicantDetails/:id': [applicationId],
    '/api/company/applications/:id/stage': [applicationId],
    '/api/company/jobs/:id': [job._id],
    '/api/company/jobs/:id/status': [job._id],
    '/api/company/jobs/:id/applicants.csv': [job._id],
  };
  for (const [url, found] of Object.entries(byUrl)) idsFor[`${url}:id`] = found;
  idsFor['/api/files/:ownerId/:name:ownerId'] = [studentId];

  const person = { firstName: 'Asha', lastName: 'Verma', phone: '9876543210' };
  const good: Record<string, fc.Arbitrary<unknown>> = {
    'PUT /api/student/updateProfileDetail': fc.constantFrom(
      { typ: 'personalDetail', value: { ...person, fathersName: 'Ravi', mothersName: 'Mala' } },
      {
        typ: 'educationalDetails',
        value: { rollNumber: 7, degrees: ['B.Tech'], collegeName: 'GEC', cgpa: 9, yearOfPassing: 2026 },
      },
      {
        typ: 'internships',
        value: { company: 'Initech', role: 'Intern', duration: '2 months', description: 'Reports' },
      },
      {
        typ: 'projects',
        value: { title: 'Portal', link: 'https://example.com', duration: '1 month', description: 'A site' },
      },
    ),
    'PUT /api/student/internships/:id': fc.constant({
      company: 'Initech',
      role: 'Intern',
      duration: '3 months',
      description: 'Reports',
    }),
    'PUT /api/student/projects/:id': fc.constant({
      title: 'Portal',
      link: 'https://example.com/x',
      duration: '1 month',
      description: 'A site',
    }),
    'PUT /api/college-staff/collegeStaffProfileUpdate': fc.constant({ ...person, staffID: '1001' }),
    'PUT /api/company/companyProfileUpdate': fc.constant({
      ...person,
      staffID: '2001',
      company: 'Acme Corp',
    }),
    // The record's version at the time of the route's runs (a save bumps it: later ones get 409).
    'PUT /api/college-staff/updateStudentDetails': fc.constant(null).map(() => structuredClone(latest)),
    'POST /api/company/postJob': fc.constant({ typ: 'jobs', value: jobValue }),
    'PUT /api/company/jobs/:id': fc.constant(jobValue),
    'POST /api/company/applications/:id/stage': fc.constantFrom(
      { stage: 'Shortlisted' },
      { stage: 'Technical Interview', schedule: { at: '2099-01-15T10:30:00+05:30', place: 'Room 204' } },
      { stage: 'Offer Letter', packageOffered: 12 },
      { stage: 'Rejected' },
    ),
    'POST /api/company/applications/bulk': fc.constant({
      applicationIds: [applicationId],
      stage: 'Shortlisted',
    }),
    'POST /api/student/jobApplyByStudent': fc
      .constantFrom(job._id, secondJob._id)
      .map((jobID) => ({ jobID })),
  };
  for (const role of ['student', 'college-staff', 'company'] as const) {
    const own = role === 'company' ? [emails.company, emails['pending-company']] : [emails[role]];
    good[`POST /api/${role}/signup`] = fc
      .uuid()
      .map((id) => signupBody(role, { emailID: `fuzz-${id.slice(0, 8)}@example.com` }));
    good[`POST /api/${role}/signin`] = fc
      .constantFrom(...own)
      .map((emailID) => ({ emailID, password: PASSWORD }));
    good[`POST /api/${role}/forgotPassword`] = fc.constantFrom(...own).map((emailID) => ({ emailID }));
    good[`POST /api/${role}/resetPassword`] = fc.constant({
      currentPassword: PASSWORD,
      newPassword: 'secret456',
      confirmNewPassword: 'secret456',
    });
  }
  Object.assign(examples, good);
}

await setUp();
// The live stream's answer never ends, so `inject` would wait for ever on one that passes: its
// bad input (a malformed Last-Event-ID) and its access are tested in live.routes.test.ts over a socket.
const streams = new Set(['/api/live']);
const routes = t.app.routeAccess.filter((route) => !streams.has(route.url));
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

describe('fuzzing every API route', () => {
  for (const route of routes) {
    // A describe per route, so the accounts are restored once before its runs (a beforeEach would
    // run before every one of them).
    describe(`${route.method} ${route.url}`, () => {
      beforeAll(async () => {
        await restoreAccounts();
        await refreshBefore[`${route.method} ${route.url}`]?.();
      });
      it.prop([isUpload(route) ? uploadFor(route) : requestFor(route)], { numRuns: runsFor(route) })(
        'answers below 500, and a 4xx with a message of its own',
        (request) => check(route, request),
        120_000,
      );
    });
  }

  it(`sent at least ${TOTAL} requests`, () => {
    expect(stats.sent).toBeGreaterThanOrEqual(TOTAL);
  });
});
