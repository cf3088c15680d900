import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import type { PGlite } from '@electric-sql/pglite';
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import { serializeError, serializeRequest } from './lib/log-serializers.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database, Listen } from './db/client.ts';
import { createServices, createStorage } from './services.ts';
import { createWorkers, type Workers } from './workers.ts';
import { createClock } from './lib/clock.ts';
import { academicRecordsRoutes } from './modules/academic-records/academic-records.routes.ts';
import { programmesRoutes } from './modules/programmes/programmes.routes.ts';
import { applicationsRoutes } from './modules/applications/applications.routes.ts';
import { jobsRoutes } from './modules/jobs/jobs.routes.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { studentImportsRoutes } from './modules/student-imports/student-imports.routes.ts';
import { studentRecordsRoutes } from './modules/student-records/student-records.routes.ts';
import { statisticsRoutes } from './modules/statistics/statistics.routes.ts';
import { pipelineRoutes } from './modules/pipeline/pipeline.routes.ts';
import { emailSettingsRoutes } from './modules/email-settings/email-settings.routes.ts';
import { createOutboxRepo } from './modules/mail/outbox.repo.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { messagingRoutes } from './modules/messaging/messaging.routes.ts';
import { offersRoutes } from './modules/offers/offers.routes.ts';
import { ownDataRoutes } from './modules/own-data/own-data.routes.ts';
import { placementPolicyRoutes } from './modules/placement-policy/placement-policy.routes.ts';
import { outboxRoutes } from './modules/mail/outbox.routes.ts';
import { emailChangeRoutes } from './modules/email-change/email-change.routes.ts';
import { resumeBookRoutes } from './modules/resume-book/resume-book.routes.ts';
import { calendarRoutes } from './modules/calendar/calendar.routes.ts';
import { driveDaysRoutes } from './modules/drive-days/drive-days.routes.ts';
import { boardRoutes } from './modules/drive-days/board.routes.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { recordViewsRoutes } from './modules/record-views/record-views.routes.ts';
import { passwordResetRoutes } from './modules/password-reset/password-reset.routes.ts';
import { createLogTransport, createSmtpTransport, type MailTransport } from './lib/mail.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { collegeSigninRoutes } from './modules/college-signin/college-signin.routes.ts';
import { companiesRoutes } from './modules/companies/companies.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { studentsRoutes } from './modules/students/students.routes.ts';
import { accessControl } from './plugins/access.ts';
import { collegeAddress } from './plugins/college-address.ts';
import { collegesRoutes } from './modules/colleges/colleges.routes.ts';
import { universityRoutes } from './modules/university/university.routes.ts';
import { registerRateLimits } from './plugins/rate-limits.ts';
import { createRateCounters } from './lib/rate-counters.ts';
import { createRedis } from './lib/redis.ts';
import { compression } from './plugins/compression.ts';
import { errorHandler } from './plugins/error-handler.ts';
import { inputGuard } from './plugins/input-guard.ts';
import { openapi } from './plugins/openapi.ts';
import { sameOrigin } from './plugins/same-origin.ts';
import { placementCellRoutes } from './modules/placement-cell/placement-cell.routes.ts';
import { homesRoutes } from './modules/homes/homes.routes.ts';
import { webApp } from './plugins/web-app.ts';
import { createLiveRepo } from './modules/live/live.repo.ts';
import { createLiveHub } from './modules/live/live.service.ts';
import { liveRoutes } from './modules/live/live.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The background workers (workers.ts); tests call `workers.drain('announcements')` to wait for one. */
    workers: Pick<Workers, 'drain'>;
  }
}

/** Email goes to the SMTP server when one is configured, otherwise into the server log. */
export function createMailTransport(config: Config, log: FastifyBaseLogger): MailTransport {
  if (config.mail.smtpUrl) return createSmtpTransport(config.mail.smtpUrl, config.mail.from);
  return createLogTransport((email) =>
    log.info(
      { to: email.to },
      `email (no SMTP_URL set, so it is only logged): ${email.subject}\n\n${email.text}`,
    ),
  );
}

/**
 * The logger never writes a query string, a header, a body, or a failed query's parameters: its
 * serializers pick what is safe (lib/log-serializers.ts), whoever configures the level or stream.
 */
function loggerOptions(config: Config, logger: FastifyServerOptions['logger'] | undefined) {
  if (logger === false) return false;
  return {
    level: config.logLevel,
    ...(typeof logger === 'object' ? logger : {}),
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
  };
}

/**
 * Builds the whole app without listening: server.ts listens, tests call it with inject(). `now`
 * sets the clock's time (tests); `pglite` is the embedded database, given so the app maintains it;
 * `listen` is the database's LISTEN (the handle's), by which live events reach this instance's streams
 * and changes of the colleges its copy of them.
 */
export async function buildApp(
  config: Config,
  db: Database,
  options: {
    logger?: { level?: string; stream?: NodeJS.WritableStream } | false;
    now?: () => Date;
    pglite?: PGlite | undefined;
    listen?: Listen | undefined;
    /** The live streams' heartbeat and session-check periods (tests shorten them). */
    live?: { heartbeatMs?: number; sessionCheckMs?: number };
    /** False: the background workers do not start (tests that run a worker of their own beside the app). */
    workers?: boolean;
  } = {},
) {
  const { trustProxy } = config;
  const app = Fastify({
    logger: loggerOptions(config, options.logger),
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1_048_576,
    // A hop count trusts that many proxies in front (the form proxy-addr takes for a number).
    trustProxy:
      typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // An empty JSON body (a bare POST) counts as no body, so body-less calls like signout just work.
  // The API speaks JSON (and multipart for uploads): anything else is a 415, not a guess.
  app.removeContentTypeParser('text/plain');
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    void parseJson(request, body.toString(), done);
  });

  // The one clock: every service and worker reads the time and the day (in TIME_ZONE) from it.
  const clock = createClock(config.timeZone, options.now);
  const redis = config.redisUrl ? await createRedis(config.redisUrl, app.log) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  const rateCounters = createRateCounters(redis);
  const services = createServices(config, db, {
    // Services wake a worker once a transaction that gave it work has committed; the workers,
    // built next, run on the services.
    mail: { wake: () => workers.wake('mail') },
    announcements: { wake: () => workers.wake('announcements') },
    log: app.log,
    rateCounters,
    clock,
  });
  const workers = createWorkers({
    db,
    services,
    transport: createMailTransport(config, app.log),
    keepSentBodies: config.mail.devOutbox,
    appUrl: config.mail.appUrl,
    storage: createStorage(config),
    clock,
    log: app.log,
    pglite: options.pglite,
  });
  app.decorate('workers', workers);
  // The workers start with the app (doing what an earlier run left) and stop, after any pass
  // under way, when it closes.
  if (options.workers !== false) app.addHook('onReady', async () => workers.startAll());
  app.addHook('onClose', async () => workers.stopAll());
  // Live streams: listening starts with the app; the streams close before the server does, so
  // closing does not wait on them (their browsers reconnect, to another instance if there is one).
  const liveHub = createLiveHub({
    liveRepo: createLiveRepo(db),
    listen: options.listen,
    clock,
    log: app.log,
    ...options.live,
  });
  app.addHook('onReady', async () => liveHub.start());
  app.addHook('preClose', async () => liveHub.stop());
  // On the same LISTEN: a college added or given a host name by another process (`npm run
  // college`, another server) reaches this one's copy of the colleges at once, and a change to an
  // account or a session its copy of recent sessions, and a change to a student's record its copy
  // of the students' own records (without a LISTEN it keeps neither).
  const listen = options.listen;
  if (listen) {
    const unwatch: (() => Promise<void>)[] = [];
    app.addHook('onReady', async () => {
      unwatch.push(await services.collegesService.watch(listen));
      for (const copy of services.recentCopies) unwatch.push(await copy.watch(listen));
    });
    app.addHook('preClose', async () => {
      await Promise.all(unwatch.splice(0).map((stop) => stop()));
    });
  }

  await app.register(errorHandler);
  await app.register(inputGuard);
  // Before any route, so every answer (API, OpenAPI page, web app) passes through it.
  await app.register(compression);
  // API answers carry personal data: no browser or proxy keeps them, unless a route says otherwise.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.cookieSecure ? [] : null,
      },
    },
  });
  await app.register(cookie);
  await app.register(multipart);
  await app.register(sameOrigin);
  await app.register(accessControl, {
    resolveSession: (token, reading) => services.authService.resolveSession(token, reading),
    changeAnswered: () => services.recentCopies.forEach((copy) => copy.forgetAll()),
    isCoordinator: (accountId) => services.boardService.isCoordinator(accountId),
    isDirector: (accountId) => services.universityService.isDirector(accountId),
  });
  await app.register(collegeAddress, {
    collegesService: services.collegesService,
    cookieSecure: config.cookieSecure,
  });
  if (config.apiDocs) await app.register(openapi);

  const rateLimits = await registerRateLimits(
    app,
    {
      authPerIpPerMinute: config.authRateLimitPerMinute,
      resetRequestsPerHour: config.resetRequestsPerHour,
    },
    rateCounters,
  );
  const authRateLimit = rateLimits.authAttempts;
  await app.register(authRoutes, {
    authService: services.authService,
    cookieSecure: config.cookieSecure,
    rateLimit: authRateLimit,
    timeZone: config.timeZone,
  });
  await app.register(collegeSigninRoutes, {
    collegeSigninService: services.collegeSigninService,
    cookieSecure: config.cookieSecure,
    rateLimit: authRateLimit,
  });
  await app.register(passwordResetRoutes, {
    passwordResetService: services.passwordResetService,
    requestRateLimit: rateLimits.resetRequests,
    attemptRateLimit: authRateLimit,
    cookieSecure: config.cookieSecure,
  });
  await app.register(emailChangeRoutes, {
    emailChangeService: services.emailChangeService,
    attemptRateLimit: authRateLimit,
  });
  await app.register(emailSettingsRoutes, { emailSettingsService: services.emailSettingsService });
  if (config.mail.devOutbox) await app.register(outboxRoutes, { outboxRepo: createOutboxRepo(db) });
  await app.register(studentsRoutes, { studentsService: services.studentsService });
  await app.register(staffRoutes, { staffService: services.staffService });
  await app.register(companiesRoutes, { companiesService: services.companiesService });
  await app.register(collegesRoutes, { collegesService: services.collegesService });
  await app.register(universityRoutes, { universityService: services.universityService });
  await app.register(studentRecordsRoutes, { studentRecordsService: services.studentRecordsService });
  await app.register(studentImportsRoutes, { studentImportsService: services.studentImportsService });
  await app.register(academicRecordsRoutes, { academicRecordsService: services.academicRecordsService });
  await app.register(programmesRoutes, { programmesService: services.programmesService });
  await app.register(pipelineRoutes, { pipelineService: services.pipelineService });
  await app.register(messagingRoutes, { messagingService: services.messagingService });
  await app.register(offersRoutes, { offersService: services.offersService });
  await app.register(statisticsRoutes, { statisticsService: services.statisticsService });
  await app.register(homesRoutes, { homesService: services.homesService });
  await app.register(placementCellRoutes, { placementCellService: services.placementCellService });
  await app.register(placementPolicyRoutes, { placementPolicyService: services.placementPolicyService });
  await app.register(ownDataRoutes, { ownDataService: services.ownDataService });
  await app.register(recordViewsRoutes, { recordViewsService: services.recordViewsService });
  await app.register(resumeBookRoutes, { resumeBookService: services.resumeBookService });
  await app.register(driveDaysRoutes, { driveDaysService: services.driveDaysService });
  await app.register(boardRoutes, { boardService: services.boardService });
  await app.register(eventsRoutes, { eventsService: services.eventsService });
  await app.register(calendarRoutes, { calendarService: services.calendarService, rateLimit: authRateLimit });
  await app.register(filesRoutes, { filesService: services.filesService });
  await app.register(jobsRoutes, { jobsService: services.jobsService });
  await app.register(applicationsRoutes, { applicationsService: services.applicationsService });
  await app.register(notificationsRoutes, { notificationsService: services.notificationsService });
  await app.register(healthRoutes, { healthService: services.healthService });
  await app.register(liveRoutes, { liveHub });

  await app.register(webApp, {
    distDir: config.webDistDir,
    timeZone: config.timeZone,
    // The web app's pages are GETs: the session's recent copy serves them.
    resolveSession: (token) => services.authService.resolveSession(token, true),
  });
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
