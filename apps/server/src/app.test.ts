import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http } from '@portal/contracts/messages';
import { webAppNotBuilt } from './plugins/web-app.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';
import { world } from './test/world.ts';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Portal</title>');
  await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await createTestApp({ webDistDir: dist, apiDocs: true });
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

describe('the app shell', () => {
  it('serves the web app at the root', async () => {
    const page = await t.app.inject({ url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Portal</title>');
  });

  it('serves the web app for client routes and hashed assets with long caching', async () => {
    const page = await t.app.inject({ url: '/student/profile' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Portal</title>');
    const asset = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('answers an unknown API path with a JSON 404, not the web app', async () => {
    const response = await t.app.inject({ url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: http.notFound });
  });

  it('sends security headers with a CSP that allows no inline or third-party scripts', async () => {
    const response = await t.app.inject({ url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes the OpenAPI description with every API route', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json<{ paths: object }>().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/student/signup', '/api/company/getCompanyData']));
    const ui = await t.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('answers any page with a JSON 404 saying so when the web app is not built', async () => {
    const unbuilt = await createTestApp({ webDistDir: path.join(dist, 'nothing-here') });
    // A dot-segment path resolves to `/` before it reaches the server (the fuzz test sent one).
    for (const url of ['/student/profile', '/', '/api/files/%2e%2e/%2e%2e']) {
      const response = await unbuilt.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: webAppNotBuilt });
    }
    await unbuilt.close();
  });

  it('publishes no API docs outside development unless asked to', async () => {
    const plain = await createTestApp({ webDistDir: dist });
    expect((await plain.app.inject({ url: '/api/docs/json' })).statusCode).toBe(404);
    await plain.close();
  });

  it('tells browsers and proxies not to keep API answers, which carry personal data', async () => {
    const { cookie } = await world(t).student();
    const record = await t.app.inject({ url: '/api/student/getUserData', headers: { cookie } });
    expect(record.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ url: '/api/student/getUserData' });
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});
