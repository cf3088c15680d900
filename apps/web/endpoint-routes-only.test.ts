import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { endpointRoutesOnly } from './endpoint-routes-only.ts';

// Vitest runs in apps/web.
const jobsFile = path.resolve('../../packages/contracts/src/api/jobs.ts');

/** Runs the plugin's transform as the build does, with `this.error` throwing. */
function transform(code: string, id = jobsFile): string | null {
  const plugin = endpointRoutesOnly();
  const hook = plugin.transform as (this: unknown, code: string, id: string) => { code: string } | null;
  const context = {
    error: (message: string) => {
      throw new Error(message);
    },
  };
  return hook.call(context, code, id)?.code ?? null;
}

describe("the browser build's endpoints", () => {
  it('keeps each endpoint of a contracts file to its method and path, with no schema left', () => {
    const out = transform(fs.readFileSync(jobsFile, 'utf8'))!;
    expect(out).toContain("method: 'GET', path: '/api/student/jobs'");
    expect(out).toContain("method: 'PUT', path: '/api/company/jobs/:id/status'");
    for (const gone of ['endpoint(', 'summary', 'vacancyQuery,', 'response:', 'z.array']) {
      expect(out.slice(out.indexOf('export const'))).not.toContain(gone);
    }
  });

  it('keeps whether the answer is the whole body and the field of an upload', () => {
    const out = transform(
      "export const a = { x: endpoint({ method: 'POST', path: '/api/x', upload: { field: 'resume' }, whole: true, body: b }) };",
    )!;
    expect(out).toContain("{ method: 'POST', path: '/api/x', upload: { field: 'resume' }, whole: true }");
  });

  it('stops the build on a path it cannot keep', () => {
    expect(() => transform('export const a = endpoint({ method: "GET", path: `/api/${role}/x` });')).toThrow(
      'method and path as string literals',
    );
  });

  it('leaves every other file alone', () => {
    expect(transform("endpoint({ method: 'GET' })", '/work/apps/web/src/lib/api-client.ts')).toBeNull();
  });
});
