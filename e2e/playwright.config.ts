import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// E2E_PORT lets two checkouts run their browser tests at once on one machine.
const port = Number(process.env.E2E_PORT ?? 3100);
// Each run gets an empty embedded database of its own, so runs never see each other's accounts.
const dataDir = path.join(os.tmpdir(), `portal-e2e-${Date.now()}`);

export const STAFF_SIGNUP_CODE = 'e2e-staff-code';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Generous for a slow machine: on a two-core machine at half the usual speed, a test that checks
  // five pages with axe took 31 s, and a page's first paint under two browsers more than 7 s. The
  // limits catch a hang, not slowness; speed is measured by the bench and Lighthouse scripts.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      // The machine has no outside network: keep Chromium from trying to reach Google's services.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'desktop', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } }],
  webServer: {
    // A second college (North College, at /c/north/) beside the first, as an operator adds one;
    // the demo accounts, and the demo staff member made the university's placement director.
    command:
      'npm run college -w @portal/server -- add north "North College" && npm run seed -w @portal/server && ' +
      'npm run college -w @portal/server -- director staff@example.com && npm run start -w @portal/server',
    cwd: '..',
    url: `http://localhost:${port}/api/docs/json`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      // Development: with no SMTP_URL, emails land on the /dev/outbox page the reset test reads.
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: 'localhost',
      DATA_DIR: dataDir,
      STAFF_SIGNUP_CODE,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      // Every test comes from one address; the per-email limit stays as in production.
      RESET_REQUESTS_PER_HOUR_PER_IP: '1000',
      LOG_LEVEL: 'warn',
    },
  },
});
