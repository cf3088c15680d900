// `npm run audit:web`: Lighthouse (its default mobile profile: a mid-range phone on slow 4G) on the
// landing page, the student sign-in page and a signed-in student's vacancy list, against the built
// app on a throw-away embedded database. Prints the scores and the metrics behind them; it is a
// measuring tool, not a gate. `-- --runs N` audits each page N times and prints the median run;
// `-- --save DIR` keeps each run's full report there; `-- --only TEXT` audits only the pages whose
// path contains TEXT.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    port: { type: 'string', default: '3210' },
    // Keeps each run's full Lighthouse report (JSON) there, to see what the main thread did.
    save: { type: 'string' },
    // Audits only the pages whose path contains this text (e.g. `--only jobVacancies`).
    only: { type: 'string' },
  },
});
const runs = Number(values.runs);
const port = Number(values.port);
const origin = `http://localhost:${port}`;
const root = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-audit-'));

// A sample student with academic details, so the vacancy list has jobs to show.
const student = { emailID: 'student1@sample.edu', password: 'sample123' };
const pages = [
  { name: '/', url: `${origin}/` },
  { name: '/signin/student', url: `${origin}/signin/student` },
  { name: '/student/jobVacancies (signed in)', url: `${origin}/student/jobVacancies`, signedIn: true },
];

const run = (command, args, env = {}) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
};

// The server as `npm start` runs it, in production mode (nothing here sends mail: the SMTP address
// only satisfies production's checks), on its own port and database.
const serverEnv = {
  NODE_ENV: 'production',
  PORT: String(port),
  HOST: 'localhost',
  DATA_DIR: dataDir,
  COOKIE_SECURE: 'false',
  STAFF_SIGNUP_CODE: 'audit-staff-code',
  SMTP_URL: 'smtp://127.0.0.1:2',
  APP_URL: origin,
  LOG_LEVEL: 'warn',
};

async function waitForHealth() {
  for (let attempt = 0; attempt < 600; attempt++) {
    try {
      if ((await fetch(`${origin}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not answer /health within 60 s');
}

async function signIn() {
  const response = await fetch(`${origin}/api/student/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(student),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('portal_session='));
  if (!response.ok || !cookie) throw new Error(`signing ${student.emailID} in failed: ${response.status}`);
  return cookie.split(';')[0];
}

const ms = (audit) => `${(audit.numericValue / 1000).toFixed(1)} s`;

/** The figures of one Lighthouse result that explain its score. */
function figures(lhr) {
  const a = lhr.audits;
  const scripts = a['network-requests'].details.items.filter((item) => item.resourceType === 'Script');
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    FCP: ms(a['first-contentful-paint']),
    LCP: ms(a['largest-contentful-paint']),
    TBT: `${Math.round(a['total-blocking-time'].numericValue)} ms`,
    CLS: a['cumulative-layout-shift'].numericValue.toFixed(3),
    SI: ms(a['speed-index']),
    'JS sent': `${(scripts.reduce((sum, item) => sum + item.transferSize, 0) / 1024).toFixed(0)} KB in ${scripts.length}`,
    // Accessibility audits that count towards the score and failed.
    'a11y failing': lhr.categories.accessibility.auditRefs
      .filter((ref) => ref.weight > 0 && a[ref.id].score === 0)
      .map((ref) => ref.id)
      .join(' '),
  };
}

let server;
let chrome;
try {
  run('npm', ['run', 'build']);
  console.log(`\nSeeding a throw-away database in ${dataDir}…`);
  run('npm', ['run', 'seed', '--', '--students', '1000'], { DATA_DIR: dataDir, LOG_LEVEL: 'warn' });

  // Its own process group, so stopping it stops npm and the server under it.
  server = spawn('npm', ['run', 'start', '-w', '@portal/server'], {
    cwd: root,
    env: { ...process.env, ...serverEnv },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  await waitForHealth();
  const cookie = await signIn();

  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });

  const rows = {};
  for (const page of pages.filter((p) => !values.only || p.name.includes(values.only))) {
    const results = [];
    // A run Lighthouse itself fails (it asks to be run again, e.g. NO_NAVSTART on a busy machine)
    // is retried, up to three failures in all.
    for (let i = 0, failures = 0; i < runs; i++) {
      const result = await lighthouse(page.url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        ...(page.signedIn ? { extraHeaders: { Cookie: cookie } } : {}),
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${page.url}`);
      if (result.lhr.runtimeError) {
        const message = `${page.url}: ${result.lhr.runtimeError.message}`;
        if (++failures === 3) throw new Error(message);
        console.warn(`${message}; running it again`);
        i--;
        continue;
      }
      if (page.signedIn && new URL(result.lhr.finalDisplayedUrl).pathname !== new URL(page.url).pathname) {
        throw new Error(`${page.url} ended on ${result.lhr.finalDisplayedUrl}: the session was not used`);
      }
      results.push(result.lhr);
      if (values.save) {
        fs.mkdirSync(values.save, { recursive: true });
        const name = `${page.name.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'landing'}-${results.length}.json`;
        fs.writeFileSync(path.join(values.save, name), JSON.stringify(result.lhr));
      }
    }
    results.sort((x, y) => x.categories.performance.score - y.categories.performance.score);
    rows[page.name] = figures(results[Math.floor(results.length / 2)]);
  }
  console.log(`\nLighthouse mobile, median of ${runs} run(s) per page:`);
  console.table(rows);
} finally {
  await chrome?.kill();
  if (server?.pid) {
    process.kill(-server.pid, 'SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
