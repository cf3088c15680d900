import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { sessionCookie, signupBody } from '../../test/accounts.ts';
import { withDatabase } from '../../test/global-setup.ts';

/**
 * The real server (src/server.ts) in a child process, killed with SIGKILL in the middle of resume
 * uploads and started again on the same data: the record never names a missing or half-written
 * file, and the start-up pass clears what the kills left once it is old enough.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const MB = 1024 * 1024;

let dataDir: string;
let databaseUrl: string | undefined;
let dropDatabase = async () => {};
let child: ChildProcess | undefined;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-crash-'));
  if (inject('dbDriver') === 'postgres') {
    const url = inject('postgresUrl');
    const name = `portal_crash_${randomUUID().replaceAll('-', '')}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
    databaseUrl = withDatabase(url, name);
    dropDatabase = async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }
});
afterAll(async () => {
  child?.kill('SIGKILL');
  await dropDatabase();
  await fs.rm(dataDir, { recursive: true, force: true });
});

type Server = { base: string; lines: string[]; exited: Promise<unknown> };

/** Starts src/server.ts on the test's data and resolves once it listens. */
async function startServer(): Promise<Server> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      ...(databaseUrl && { DATABASE_URL: databaseUrl }),
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: '/nonexistent-web-dist',
      STAFF_SIGNUP_CODE: 'test-staff-code',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = proc;
  const lines: string[] = [];
  const stderr: string[] = [];
  proc.stderr.on('data', (chunk: Buffer) => stderr.push(String(chunk)));
  const exited = once(proc, 'exit');
  const listening = new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: proc.stdout }).on('line', (line) => {
      lines.push(line);
      const at = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
      if (at) resolve(at);
    });
    void exited.then(([code]) =>
      reject(new Error(`the server exited (${String(code)}) before listening:\n${stderr.join('')}`)),
    );
  });
  return { base: await listening, lines, exited };
}

async function kill(server: Server) {
  child?.kill('SIGKILL');
  await server.exited;
}

const pdf = (size: number) =>
  Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(size - 16), Buffer.from('\n%%EOF\n')]);

/**
 * Sends a resume upload over a real socket. `cutAt` bytes of the body go out and the request then
 * waits (a slow client, whose server is about to die); without it the whole body is sent.
 */
function sendResume(base: string, cookie: string, bytes: Buffer, cutAt?: number) {
  const boundary = '----portal-crash-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="resume"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const request = http.request(`${base}/api/student/uploadResume`, {
    method: 'POST',
    headers: {
      cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': body.length,
    },
  });
  const answered = new Promise<number | 'no answer'>((resolve) => {
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', () => resolve('no answer'));
  });
  const sent = new Promise<void>((resolve) => {
    if (cutAt === undefined) request.end(body, resolve);
    else request.write(body.subarray(0, cutAt), () => resolve());
  });
  return { sent, answered };
}

async function currentResume(base: string, cookie: string) {
  const record = await fetch(`${base}/api/student/getUserData`, { headers: { cookie } });
  const url = (await record.json()) as { message: { resume: string } };
  const file = await fetch(`${base}${url.message.resume}`, { headers: { cookie } });
  return {
    key: url.message.resume.replace(/^\/api\/files\//, ''),
    status: file.status,
    bytes: Buffer.from(await file.arrayBuffer()),
  };
}

async function uploadedFiles() {
  const root = path.join(dataDir, 'uploads');
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

it('never leaves a record naming a missing or partial file when killed mid-upload', async () => {
  let server = await startServer();
  const signup = await fetch(`${server.base}/api/student/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(signupBody('student')),
  });
  expect(signup.status).toBe(201);
  const cookie = sessionCookie(signup.headers.getSetCookie());
  const first = pdf(200_000);
  expect(await sendResume(server.base, cookie, first).answered).toBe(200);
  const stored = [first];

  const me = await fetch(`${server.base}/api/student/getUserData`, { headers: { cookie } });
  const studentDir = path.join(
    dataDir,
    'uploads',
    ((await me.json()) as { message: { _id: string } }).message._id,
  );
  const appears = async (match: (name: string) => boolean) => {
    for (let i = 0; i < 20_000; i++) {
      if ((await fs.readdir(studentDir)).some(match)) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  };

  // Killed while the body is still arriving, while the new file is being written (its temporary
  // file exists), and once it has its name (before or while the record is pointed at it).
  const kills = {
    'mid-body': () => sleep(300),
    'writing the file': () => appears((name) => name.endsWith('.tmp')),
    'file renamed': async () => {
      const known = new Set(await fs.readdir(studentDir));
      await appears((name) => !name.startsWith('.') && !known.has(name));
    },
  };
  const outcomes: string[] = [];
  for (const [when, moment] of Object.entries(kills)) {
    const bytes = pdf(4 * MB);
    stored.push(bytes);
    const upload = sendResume(server.base, cookie, bytes, when === 'mid-body' ? MB : undefined);
    await upload.sent;
    await moment();
    await kill(server);
    const answer = await upload.answered;

    server = await startServer();
    const resume = await currentResume(server.base, cookie);
    expect(resume.status).toBe(200);
    const which = stored.findIndex((b) => b.equals(resume.bytes));
    expect(which).toBeGreaterThanOrEqual(0); // a whole upload, never a part of one
    if (answer === 200) expect(resume.bytes.equals(bytes)).toBe(true); // acknowledged means kept
    const files = await uploadedFiles();
    expect(files).toContain(resume.key);
    const others = files.filter((f) => f !== resume.key);
    outcomes.push(
      `killed ${when}: answer ${answer}, ` +
        `record names ${which === stored.length - 1 ? 'the new' : 'the previous'} resume, ` +
        `${others.length} other file(s) left`,
    );
  }

  // The start-up pass removes what the kills left, once it is an hour old.
  child?.kill('SIGTERM');
  await server.exited;
  const before = await uploadedFiles();
  const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
  const root = path.join(dataDir, 'uploads');
  for (const entry of await fs.readdir(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) await fs.utimes(path.join(entry.parentPath, entry.name), twoHoursAgo, twoHoursAgo);
  }
  server = await startServer();
  for (let i = 0; i < 100 && !server.lines.some((l) => l.includes('upload sweep')); i++) await sleep(50);
  const sweep = server.lines.find((l) => l.includes('upload sweep'));
  const resume = await currentResume(server.base, cookie);
  const after = await uploadedFiles();
  console.log(
    `crash test (${inject('dbDriver')}): ${outcomes.join('; ')}; before the sweep ${before.length} file(s), ` +
      `after it ${after.length}; ${JSON.parse(sweep ?? '{}').msg}`,
  );
  expect(resume.status).toBe(200);
  expect(after).toEqual([resume.key]);
  await kill(server);
}, 180_000);
