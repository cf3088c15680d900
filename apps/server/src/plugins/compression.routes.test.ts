import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { world, type World } from '../test/world.ts';

let t: TestApp;
let w: World;
let dist: string;
let staff: { cookie: string };
const script = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;

beforeAll(async () => {
  // A built web app as the build leaves it: each file with its brotli and gzip copies beside it.
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.mkdir(path.join(dist, 'pages/signin'), { recursive: true });
  const files = {
    'index.html': '<!doctype html><title>Portal</title><div id="root"></div>',
    'landing.html': '<!doctype html><title>Portal</title><div id="root" data-prerendered><h1>Hi</h1></div>',
    'pages/signin/student.html':
      '<!doctype html><title>Portal</title><div id="root" data-prerendered><form>Student</form></div>',
    'assets/app-abc123.js': script,
  };
  for (const [name, text] of Object.entries(files)) {
    await fs.writeFile(path.join(dist, name), text);
    await fs.writeFile(path.join(dist, `${name}.br`), zlib.brotliCompressSync(text));
    await fs.writeFile(path.join(dist, `${name}.gz`), zlib.gzipSync(text));
  }
  t = await createTestApp({ webDistDir: dist, apiDocs: true });
  w = world(t);
  staff = await w.staff();
  for (let i = 0; i < 12; i++) await w.student({ firstName: `Student${i}` });
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

const decode = (encoding: string | string[] | undefined, body: Buffer) =>
  encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body;

describe('API answers', () => {
  it.each(['br', 'gzip'])(
    'sends a JSON list over 1 KB %s-encoded, decoding to the same JSON',
    async (encoding) => {
      const url = '/api/college-staff/students';
      const plain = await t.app.inject({ url, headers: { cookie: staff.cookie } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(1024);

      const packed = await t.app.inject({
        url,
        headers: { cookie: staff.cookie, 'accept-encoding': encoding },
      });
      expect(packed.statusCode).toBe(200);
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.headers.vary).toContain('accept-encoding');
      expect(packed.headers['cache-control']).toBe('no-store');
      expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decode(encoding, packed.rawPayload).toString())).toEqual(plain.json());
    },
  );

  it('prefers brotli when the browser takes both', async () => {
    const response = await t.app.inject({
      url: '/api/college-staff/students',
      headers: { cookie: staff.cookie, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
  });

  it('sends an answer under 1 KB as it is', async () => {
    const response = await t.app.inject({ url: '/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('keeps a CSV download an attachment with no-store, compressed and decoding to the file', async () => {
    const url = '/api/college-staff/students.csv';
    const plain = await t.app.inject({ url, headers: { cookie: staff.cookie } });
    const packed = await t.app.inject({ url, headers: { cookie: staff.cookie, 'accept-encoding': 'gzip' } });
    expect(packed.statusCode).toBe(200);
    expect(packed.headers['content-disposition']).toBe(plain.headers['content-disposition']);
    expect(packed.headers['cache-control']).toBe(plain.headers['cache-control']);
    expect(decode(packed.headers['content-encoding'], packed.rawPayload).toString()).toBe(plain.body);
  });

  it('takes a multipart upload and serves the PDF as stored, unencoded, with its length', async () => {
    const student = await w.student();
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(4000, 32), Buffer.from('\n%%EOF\n')]);
    const boundary = '----portal-test-boundary';
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/student/uploadResume',
      headers: {
        cookie: student.cookie,
        'accept-encoding': 'br, gzip',
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="resume"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        pdf,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.statusCode).toBe(200);

    const record = await t.app.inject({
      url: '/api/student/getUserData',
      headers: { cookie: student.cookie },
    });
    const url = record.json().message.resume as string;
    const file = await t.app.inject({
      url,
      headers: { cookie: student.cookie, 'accept-encoding': 'br, gzip' },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-encoding']).toBeUndefined();
    expect(file.headers['content-length']).toBe(String(pdf.length));
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload.equals(pdf)).toBe(true);
  });

  it('refuses a compressed request body instead of inflating it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/student/signin',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync(JSON.stringify({ emailID: 'a@example.com', password: 'secret123' })),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });

  it('serves the OpenAPI description compressed and its page still works', async () => {
    const plain = await t.app.inject({ url: '/api/docs/json' });
    const packed = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(packed.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decode('br', packed.rawPayload).toString())).toEqual(plain.json());
    const page = await t.app.inject({ url: '/api/docs/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.statusCode).toBe(200);
    expect(decode(page.headers['content-encoding'], page.rawPayload).toString()).toContain('swagger');
  });
});

describe('the built web app', () => {
  it.each([
    ['br', '.br'],
    ['gzip', '.gz'],
  ])('sends a hashed asset as its %s file, cached for good', async (encoding, extension) => {
    const response = await t.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': encoding },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const stored = await fs.readFile(path.join(dist, `assets/app-abc123.js${extension}`));
    expect(response.rawPayload.equals(stored)).toBe(true);
    expect(decode(encoding, response.rawPayload).toString()).toBe(script);
  });

  it('sends the asset as it is to a client that takes no encoding, and honours a range', async () => {
    const whole = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.body).toBe(script);
    const part = await t.app.inject({ url: '/assets/app-abc123.js', headers: { range: 'bytes=0-5' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('export');
  });

  it.each([
    ['/', 'landing.html'],
    ['/signin/student', 'pages/signin/student.html'],
    ['/signin/student?next=1', 'pages/signin/student.html'],
    ['/signin/company', 'index.html'],
    ['/student/profile', 'index.html'],
  ])('sends %s as %s, precompressed and revalidated on every visit', async (url, file) => {
    const response = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
    expect(decode('br', response.rawPayload).toString()).toBe(
      await fs.readFile(path.join(dist, file), 'utf8'),
    );
  });
});
