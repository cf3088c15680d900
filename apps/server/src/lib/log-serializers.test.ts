import { describe, expect, it } from 'vitest';
import { serializeError, serializeRequest } from './log-serializers.ts';

describe('serializeError', () => {
  it("keeps the failed query's SQL but none of its parameters, at any depth", () => {
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA';
    const driver = Object.assign(
      new Error('duplicate key value violates unique constraint "accounts_role_email_key"'),
      {
        code: '23505',
        detail: 'Key (email)=(a@b.com) already exists.',
        parameters: ['a@b.com', hash],
      },
    );
    const drizzle = Object.assign(
      new Error(`Failed query: insert into "accounts" values ($1, $2)\nparams: a@b.com,${hash}`, {
        cause: driver,
      }),
      { params: ['a@b.com', hash], query: 'insert …' },
    );
    const logged = JSON.stringify(serializeError(drizzle));
    expect(logged).toContain('insert into \\"accounts\\"');
    expect(logged).not.toContain(hash);
    expect(logged).not.toContain('Key (email)=(a@b.com) already exists.');
    expect(logged).not.toContain('"params"');
    expect(serializeError(drizzle).cause?.code).toBe('23505');
  });
});

describe('serializeRequest', () => {
  it('logs the path without its query string', () => {
    expect(serializeRequest({ method: 'GET', url: '/api/x?token=secret&q=asha', ip: '127.0.0.1' })).toEqual({
      method: 'GET',
      url: '/api/x',
      remoteAddress: '127.0.0.1',
    });
  });
});
