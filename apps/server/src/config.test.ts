import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_STAFF_SIGNUP_CODE, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs with no environment at all on the embedded database', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: 'localhost',
      databaseUrl: undefined,
      staffSignupCode: DEFAULT_STAFF_SIGNUP_CODE,
      cookieSecure: false,
    });
    expect(config.dataDir).toMatch(/data$/);
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

  it('requires a staff signup code in production and makes cookies Secure there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/STAFF_SIGNUP_CODE/);
    const config = loadConfig({ NODE_ENV: 'production', STAFF_SIGNUP_CODE: 'a-long-secret' });
    expect(config.cookieSecure).toBe(true);
    expect(loadConfig({ COOKIE_SECURE: 'true' }).cookieSecure).toBe(true);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });
});
