import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_STAFF_SIGNUP_CODE, loadConfig } from './config.ts';

const productionEssentials = {
  STAFF_SIGNUP_CODE: 'a-long-secret',
  SMTP_URL: 'smtp://mail.example.com:587',
  APP_URL: 'https://placements.example.edu',
};

describe('loadConfig', () => {
  it('runs with no environment at all on the embedded database', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: 'localhost',
      databaseUrl: undefined,
      databasePoolSize: 10,
      staffSignupCode: DEFAULT_STAFF_SIGNUP_CODE,
      cookieSecure: false,
    });
    expect(config.dataDir).toMatch(/data$/);
  });

  it("hashes passwords at OWASP's argon2id cost in every environment, whatever the environment says", () => {
    const owasp = { memoryCost: 19_456, timeCost: 2 };
    expect(loadConfig({}).passwordHashing).toEqual(owasp);
    expect(loadConfig({ NODE_ENV: 'test' }).passwordHashing).toEqual(owasp);
    expect(
      loadConfig({ NODE_ENV: 'production', ...productionEssentials, PASSWORD_HASH_MEMORY: '8' })
        .passwordHashing,
    ).toEqual(owasp);
  });

  it('names every bad value in one clear error', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', COOKIE_SECURE: 'maybe' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', COOKIE_SECURE: 'maybe' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT: must be a port number');
      expect(message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
      expect(message).toContain('COOKIE_SECURE: must be true or false');
    }
  });

  it('requires a staff signup code, an SMTP server and the public address in production, and makes cookies Secure there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/STAFF_SIGNUP_CODE/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL: is required in production/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_URL: is required in production/);
    const config = loadConfig({
      NODE_ENV: 'production',
      STAFF_SIGNUP_CODE: 'a-long-secret',
      SMTP_URL: 'smtp://mail.example.com:587',
      APP_URL: 'https://placements.example.edu/',
    });
    expect(config.cookieSecure).toBe(true);
    expect(config.mail).toEqual({
      smtpUrl: 'smtp://mail.example.com:587',
      from: 'Campus Placement Portal <no-reply@localhost>',
      appUrl: 'https://placements.example.edu',
      devOutbox: false,
    });
    expect(loadConfig({ COOKIE_SECURE: 'true' }).cookieSecure).toBe(true);
  });

  it('writes email to the log and the development outbox when no SMTP server is given', () => {
    expect(loadConfig({ PORT: '4000' }).mail).toEqual({
      smtpUrl: undefined,
      from: 'Campus Placement Portal <no-reply@localhost>',
      appUrl: 'http://localhost:4000',
      devOutbox: true,
    });
    expect(loadConfig({ NODE_ENV: 'test' }).mail.devOutbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', ...productionEssentials }).mail.devOutbox).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', ...productionEssentials, DEV_OUTBOX: 'true' }).mail.devOutbox,
    ).toBe(true);
    expect(() => loadConfig({ SMTP_URL: 'mail.example.com' })).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
    expect(() => loadConfig({ APP_URL: 'ftp://x.org' })).toThrow(
      /APP_URL: must be an http:\/\/ or https:\/\/ URL/,
    );
    expect(() => loadConfig({ RESET_REQUESTS_PER_HOUR_PER_IP: '0' })).toThrow(
      /RESET_REQUESTS_PER_HOUR_PER_IP: must be a whole number/,
    );
  });

  it('publishes the API docs in development, elsewhere only when asked to', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', ...productionEssentials }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', ...productionEssentials, API_DOCS: 'true' }).apiDocs).toBe(
      true,
    );
  });

  it('reads TRUST_PROXY as a flag, a hop count or a list of proxies, and refuses anything else', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY: must be true, false/);
    expect(() => loadConfig({ REDIS_URL: 'localhost:6379' })).toThrow(/REDIS_URL: must be a redis:\/\//);
  });

  it('takes the PostgreSQL pool size as a whole number above zero', () => {
    expect(loadConfig({ DATABASE_POOL_SIZE: '25' }).databasePoolSize).toBe(25);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(
      /DATABASE_POOL_SIZE: must be a whole number/,
    );
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'lots' })).toThrow(
      /DATABASE_POOL_SIZE: must be a whole number/,
    );
  });

  it('keeps a session read for pages 10 s unless told 0 to 60 s', () => {
    expect(loadConfig({}).sessionCacheMs).toBe(10_000);
    expect(loadConfig({ SESSION_CACHE_SECONDS: '0' }).sessionCacheMs).toBe(0);
    for (const bad of ['61', '-1', '2.5', 'soon']) {
      expect(() => loadConfig({ SESSION_CACHE_SECONDS: bad })).toThrow(
        /SESSION_CACHE_SECONDS: must be a whole number of seconds from 0 to 60/,
      );
    }
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });
});
