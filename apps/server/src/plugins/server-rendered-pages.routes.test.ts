import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { world } from '../test/world.ts';
import { webApp } from './web-app.ts';

// A web build in miniature: index.html, the student frame with its marks, and a server-side module
// that renders what the API answered as plain text, so the test reads exactly what reached it.
const renderModule = `
export const pageTemplate = {
  html: '__HTML__',
  data: '__DATA__',
  file: (name) => 'templates/' + name + '.html',
};
export const serverRenderedPages = {
  '/student/jobVacancies': {
    template: 'student',
    reads: (url) => ['/api/student/getUserData', '/api/student/jobs?pageSize=20&search=' + encodeURIComponent(url.searchParams.get('search') ?? '')],
    render: async (url, [profile, jobs], timeZone) => {
      if (url.searchParams.has('fail')) throw new Error('the render failed');
      const name = profile.message.personalDetail.firstName;
      const roles = jobs.message.items.map((job) => job.role).join(', ');
      return { html: '<p>' + name + ' sees ' + roles + '</p>', data: JSON.stringify({ timeZone, total: jobs.message.total }) + '$&' };
    },
  },
};
`;

let t: TestApp;
let root: string;
let student: string;
let company: string;
beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-rendered-'));
  const dist = path.join(root, 'dist');
  await fs.mkdir(path.join(dist, 'templates'), { recursive: true });
  await fs.mkdir(path.join(root, 'dist-ssr'));
  await fs.writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><title>Portal</title><div id="root"></div>',
  );
  await fs.writeFile(
    path.join(dist, 'templates', 'student.html'),
    '<!doctype html><title>Rendered</title><script type="application/json">__DATA__</script><div id="root">__HTML__</div>',
  );
  await fs.writeFile(path.join(root, 'dist-ssr', 'render-pages.js'), renderModule);
  t = await createTestApp({ webDistDir: dist, timeZone: 'Asia/Kolkata' });
  const w = world(t);
  const recruiter = await w.company();
  company = recruiter.cookie;
  await w.job(recruiter, { role: 'Rendered Engineer' });
  await w.job(recruiter, { role: 'Other Analyst' });
  student = (await w.student({ firstName: 'Kavya' })).cookie;
});
afterAll(async () => {
  await t.close();
  await fs.rm(root, { recursive: true, force: true });
});

describe('pages sent rendered with the signed-in user’s data', () => {
  it('draws the vacancy page from the API’s answers for that student and that URL, kept by no cache', async () => {
    const page = await t.app.inject({
      url: '/student/jobVacancies?search=rendered',
      headers: { cookie: student },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<title>Rendered</title>');
    expect(page.body).toContain('<div id="root"><p>Kavya sees Rendered Engineer</p></div>');
    // The data goes in as it is: `$&` is not read as a replacement pattern.
    expect(page.body).toContain('{"timeZone":"Asia/Kolkata","total":1}$&');
  });

  it('sends the plain app to a visitor, another role, and for any other page', async () => {
    for (const [url, cookie] of [
      ['/student/jobVacancies', undefined],
      ['/student/jobVacancies', 'session=not-a-session'],
      ['/student/jobVacancies', company],
      ['/student/profile', student],
    ] as const) {
      const page = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
      expect(page.statusCode, `${url} ${cookie}`).toBe(200);
      expect(page.body, `${url} ${cookie}`).toContain('<title>Portal</title>');
      expect(page.body).not.toContain('Rendered Engineer');
    }
  });

  it('sends the plain app when the render fails or a read is refused', async () => {
    const failed = await t.app.inject({ url: '/student/jobVacancies?fail=1', headers: { cookie: student } });
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toContain('<title>Portal</title>');
    // A search the API refuses (over 100 characters): no page drawn from a 400.
    const refused = await t.app.inject({
      url: `/student/jobVacancies?search=${'x'.repeat(101)}`,
      headers: { cookie: student },
    });
    expect(refused.statusCode).toBe(200);
    expect(refused.body).toContain('<title>Portal</title>');
  });

  it('sends the plain app to the pages beyond those it is rendering at once', async () => {
    // A server of its own, rendering one page at a time, whose list answers only when told to.
    const server = Fastify();
    const waiting: (() => void)[] = [];
    let onAsked = () => {};
    const asked = () => new Promise<void>((resolve) => (onAsked = resolve));
    server.get('/api/student/getUserData', async () => ({
      message: { personalDetail: { firstName: 'Ravi' } },
    }));
    server.get('/api/student/jobs', async () => {
      const answered = new Promise<void>((resolve) => waiting.push(resolve));
      onAsked();
      await answered;
      return { message: { items: [{ role: 'Slow Engineer' }], total: 1 } };
    });
    await server.register(webApp, {
      distDir: path.join(root, 'dist'),
      timeZone: 'UTC',
      maxRenderingAtOnce: 1,
      resolveSession: async () => null,
    });
    const page = () => server.inject({ url: '/student/jobVacancies', headers: { cookie: 'session=any' } });

    const firstAsked = asked();
    const first = page();
    await firstAsked;
    expect((await page()).body).toContain('<title>Portal</title>');
    waiting.shift()?.();
    expect((await first).body).toContain('<p>Ravi sees Slow Engineer</p>');
    // Once it is out, the next page is rendered again.
    const thirdAsked = asked();
    const third = page();
    await thirdAsked;
    waiting.shift()?.();
    expect((await third).body).toContain('<p>Ravi sees Slow Engineer</p>');
    await server.close();
  });
});
