import { DEFAULT_TIME_ZONE } from '@portal/contracts/dates';
import { owaspHashing, type PasswordHashing } from './lib/passwords.ts';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { serverRoot } from './server-root.ts';

/** The repository root, so default paths do not depend on the folder npm was started from. */
const repoRoot = path.resolve(serverRoot, '../..');

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const positiveWholeNumber = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .positive({ error: 'must be a whole number' })
    .default(fallback);

/** A whole number from `min` to `max`, with one message for anything else. */
const wholeNumberIn = (min: number, max: number, fallback: number, error: string) =>
  z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error }).default(fallback);

/** What production cannot run without, and why. */
const requiredInProduction = {
  STAFF_SIGNUP_CODE: 'anyone could otherwise create a staff account',
  SMTP_URL: 'password reset links would otherwise only reach the log',
  APP_URL: 'links in emails must point to the public address',
} as const;

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: wholeNumberIn(0, 65535, 3000, 'must be a port number'),
    HOST: z.string().min(1).default('localhost'),
    DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'data')),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, { error: 'must be a postgres:// or postgresql:// URL' })
      .optional(),
    DATABASE_POOL_SIZE: positiveWholeNumber(10),
    SESSION_CACHE_SECONDS: wholeNumberIn(0, 60, 10, 'must be a whole number of seconds from 0 to 60'),
    STAFF_SIGNUP_CODE: z.string().min(6, { error: 'must be at least 6 characters' }).optional(),
    COOKIE_SECURE: flag.optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    AUTH_RATE_LIMIT_PER_MINUTE: positiveWholeNumber(300),
    SIGNIN_FAILURES_PER_ACCOUNT: positiveWholeNumber(10),
    TRUST_PROXY: z
      .string()
      .regex(/^(true|false|\d+|[0-9a-fA-F:./]+(\s*,\s*[0-9a-fA-F:./]+)*)$/, {
        error: 'must be true, false, a hop count or a comma-separated list of addresses or CIDR ranges',
      })
      .optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\/.+/, { error: 'must be a redis:// or rediss:// URL' })
      .optional(),
    WEB_DIST_DIR: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/.+/, { error: 'must be an smtp:// or smtps:// URL' })
      .optional(),
    MAIL_FROM: z.string().min(3).default('Campus Placement Portal <no-reply@localhost>'),
    APP_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
    RESET_REQUESTS_PER_HOUR_PER_EMAIL: positiveWholeNumber(3),
    RESET_REQUESTS_PER_HOUR_PER_IP: positiveWholeNumber(100),
    S3_BUCKET: z.string().min(1).optional(),
    S3_ENDPOINT: z.url({ error: 'must be a URL' }).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    API_DOCS: flag.optional(),
    DEV_OUTBOX: flag.optional(),
    ATTENDANCE_CODE_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
    TIME_ZONE: z
      .string()
      .default(DEFAULT_TIME_ZONE)
      .refine(isTimeZone, { error: 'must be an IANA time zone such as Asia/Kolkata' }),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    for (const [name, why] of Object.entries(requiredInProduction)) {
      if (!env[name as keyof typeof requiredInProduction]) {
        ctx.addIssue({ code: 'custom', path: [name], message: `is required in production (${why})` });
      }
    }
  });

/** Whether the runtime knows the zone (Intl.DateTimeFormat throws a RangeError for an unknown one). */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-IN', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The local default staff sign-up code, stated in the README; production must set its own. */
export const DEFAULT_STAFF_SIGNUP_CODE = 'placement-cell';

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections each server process keeps to the PostgreSQL server at most (docs/scaling.md). */
  databasePoolSize: number;
  /**
   * How long a server reuses the account it read behind a session, for requests that only read
   * (modules/auth/session-cache.ts), and a student's record for their pages
   * (modules/students/own-record-copy.ts); 0 reads them for every request. Changes reach every
   * server at once through LISTEN; this is the bound should that connection be down.
   */
  sessionCacheMs: number;
  staffSignupCode: string;
  /**
   * The cost of hashing a password (argon2id): OWASP's recommendation, always. Not read from the
   * environment; only the test suite's config lowers it, as a test signs up thousands of accounts.
   */
  passwordHashing: PasswordHashing;
  cookieSecure: boolean;
  logLevel: string;
  /** Sign-in, sign-up and password attempts a minute from one IP address. */
  authRateLimitPerMinute: number;
  /**
   * Failed sign-ins to one account in 15 minutes from one trusted browser, or from one address,
   * before that browser or address must wait; as many a day from untrusted clients before they
   * are paused (modules/auth/signin-throttle.ts).
   */
  signinFailuresPerAccount: number;
  /**
   * Fastify's trustProxy: which proxies' X-Forwarded-For to believe, so `request.ip` is the
   * client's address behind a load balancer (false: the connection's own address).
   */
  trustProxy: boolean | number | string[];
  /** Shared counters (rate limits) live in this Redis when set, else in the process's memory. */
  redisUrl: string | undefined;
  webDistDir: string;
  /** The OpenAPI page at /api/docs: on in development, elsewhere only with API_DOCS=true. */
  apiDocs: boolean;
  /**
   * Outgoing email: through the SMTP server at `smtpUrl`, or, without one, written to the server log.
   * `appUrl` starts the links in emails; `devOutbox` serves the outbox page (on in development,
   * elsewhere only with DEV_OUTBOX=true).
   */
  mail: { smtpUrl: string | undefined; from: string; appUrl: string; devOutbox: boolean };
  /**
   * The deployment's time zone (IANA name): times are stored in UTC and shown, in emails and on
   * the web, in this zone with its name beside them; job deadlines are dates in it.
   */
  timeZone: string;
  /**
   * The key that signs the events' attendance codes (HMAC-SHA256, modules/events). Without
   * ATTENDANCE_CODE_SECRET each process makes its own at start: codes live 30 seconds, so a restart
   * only asks the students' phones for a new one, but processes behind one load balancer must share
   * the key, as a code signed by one is scanned through another.
   */
  attendanceCodeSecret: string;
  /** Forgot-password requests allowed per hour, for one email address and for one IP address. */
  resetRequestsPerHour: { perEmail: number; perIp: number };
  /** Uploaded files: on disk under DATA_DIR/uploads, or in an S3-compatible bucket when S3_BUCKET is set. */
  storage:
    | { driver: 'disk'; dir: string }
    | {
        driver: 's3';
        bucket: string;
        endpoint: string | undefined;
        region: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
      };
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** TRUST_PROXY as Fastify takes it: a flag, a hop count, or the proxies' addresses and ranges. */
function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((part) => part.trim());
}

/**
 * The folder a script was started from. npm runs a workspace's script in the workspace's folder and
 * names the one the operator typed the command in as INIT_CWD: a relative path given to a script
 * means what it meant there.
 */
export function invocationDir(env: Record<string, string | undefined> = process.env): string {
  return env.INIT_CWD || process.cwd();
}

/** The only reader of the environment: parses it once and fails with every bad value named. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const blankAsUnset = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(blankAsUnset);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    sessionCacheMs: e.SESSION_CACHE_SECONDS * 1000,
    staffSignupCode: e.STAFF_SIGNUP_CODE ?? DEFAULT_STAFF_SIGNUP_CODE,
    passwordHashing: owaspHashing,
    cookieSecure: e.COOKIE_SECURE ?? e.NODE_ENV === 'production',
    logLevel: e.LOG_LEVEL,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    signinFailuresPerAccount: e.SIGNIN_FAILURES_PER_ACCOUNT,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    redisUrl: e.REDIS_URL,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    apiDocs: e.API_DOCS ?? e.NODE_ENV === 'development',
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
      devOutbox: e.DEV_OUTBOX ?? e.NODE_ENV === 'development',
    },
    timeZone: e.TIME_ZONE,
    attendanceCodeSecret: e.ATTENDANCE_CODE_SECRET ?? randomBytes(32).toString('base64url'),
    resetRequestsPerHour: {
      perEmail: e.RESET_REQUESTS_PER_HOUR_PER_EMAIL,
      perIp: e.RESET_REQUESTS_PER_HOUR_PER_IP,
    },
    storage: e.S3_BUCKET
      ? {
          driver: 's3',
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        }
      : { driver: 'disk', dir: path.join(path.resolve(e.DATA_DIR), 'uploads') },
  };
}
