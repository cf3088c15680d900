import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createApplicationsRepo } from './modules/applications/applications.repo.ts';
import { applicationsRoutes } from './modules/applications/applications.routes.ts';
import { createApplicationsService } from './modules/applications/applications.service.ts';
import { createJobsRepo } from './modules/jobs/jobs.repo.ts';
import { jobsRoutes } from './modules/jobs/jobs.routes.ts';
import { createJobsService } from './modules/jobs/jobs.service.ts';
import { createFilesRepo } from './modules/files/files.repo.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { createFilesService } from './modules/files/files.service.ts';
import { createDiskStorage, createS3Storage, type Storage } from './lib/storage.ts';
import { createStudentRecordsRepo } from './modules/student-records/student-records.repo.ts';
import { studentRecordsRoutes } from './modules/student-records/student-records.routes.ts';
import { createStudentRecordsService } from './modules/student-records/student-records.service.ts';
import { createStatisticsRepo } from './modules/statistics/statistics.repo.ts';
import { statisticsRoutes } from './modules/statistics/statistics.routes.ts';
import { createStatisticsService } from './modules/statistics/statistics.service.ts';
import { createPipelineRepo } from './modules/pipeline/pipeline.repo.ts';
import { pipelineRoutes } from './modules/pipeline/pipeline.routes.ts';
import { createPipelineService } from './modules/pipeline/pipeline.service.ts';
import { createEmailSettingsRepo } from './modules/email-settings/email-settings.repo.ts';
import { emailSettingsRoutes } from './modules/email-settings/email-settings.routes.ts';
import { createEmailSettingsService } from './modules/email-settings/email-settings.service.ts';
import { createMailSender, type MailQueue } from './modules/mail/mail-sender.ts';
import { createOutboxRepo } from './modules/mail/outbox.repo.ts';
import { outboxRoutes } from './modules/mail/outbox.routes.ts';
import { createPasswordResetRepo } from './modules/password-reset/password-reset.repo.ts';
import { passwordResetRoutes } from './modules/password-reset/password-reset.routes.ts';
import { createPasswordResetService } from './modules/password-reset/password-reset.service.ts';
import { createLogTransport, createSmtpTransport, type MailTransport } from './lib/mail.ts';
import { createAccountsRepo } from './modules/auth/accounts.repo.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createSessionsRepo } from './modules/auth/sessions.repo.ts';
import { createCompaniesRepo } from './modules/companies/companies.repo.ts';
import { companiesRoutes } from './modules/companies/companies.routes.ts';
import { createCompaniesService } from './modules/companies/companies.service.ts';
import { createNotificationsRepo } from './modules/notifications/notifications.repo.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { createStaffRepo } from './modules/staff/staff.repo.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { createStaffService } from './modules/staff/staff.service.ts';
import { createStudentsRepo } from './modules/students/students.repo.ts';
import { studentsRoutes } from './modules/students/students.routes.ts';
import { createStudentsService } from './modules/students/students.service.ts';
import { accessControl } from './plugins/access.ts';
import { createAuthRateLimit, createResetRequestRateLimit } from './plugins/auth-rate-limit.ts';
import { errorHandler } from './plugins/error-handler.ts';
import { openapi } from './plugins/openapi.ts';
import { sameOrigin } from './plugins/same-origin.ts';
import { webApp } from './plugins/web-app.ts';

export function createStorage(config: Config): Storage {
  const s = config.storage;
  return s.driver === 'disk'
    ? createDiskStorage(s.dir)
    : createS3Storage({ ...s, forcePathStyle: s.endpoint !== undefined });
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
 * Wires the services by hand, so the dependency graph reads top to bottom. `mail` is told when a
 * service has committed emails to the outbox.
 */
export function createServices(config: Config, db: Database, mail: MailQueue) {
  const notificationsService = createNotificationsService({ notificationsRepo: createNotificationsRepo(db) });
  const accountsRepo = createAccountsRepo(db);
  const studentsRepo = createStudentsRepo(db);
  const jobsRepo = createJobsRepo(db);
  const applicationsRepo = createApplicationsRepo(db);
  const emailSettingsRepo = createEmailSettingsRepo(db);
  const appUrl = config.mail.appUrl;
  const jobsService = createJobsService({ jobsRepo, studentsRepo, applicationsRepo });
  const applicationsService = createApplicationsService({
    applicationsRepo,
    jobsRepo,
    studentsRepo,
    notificationsService,
    emailSettingsRepo,
    mail,
    appUrl,
  });
  return {
    notificationsService,
    authService: createAuthService({
      accountsRepo,
      sessionsRepo: createSessionsRepo(db),
      staffSignupCode: config.staffSignupCode,
    }),
    passwordResetService: createPasswordResetService({
      passwordResetRepo: createPasswordResetRepo(db),
      accountsRepo,
      mail,
      appUrl,
    }),
    emailSettingsService: createEmailSettingsService({ emailSettingsRepo }),
    studentsService: createStudentsService({ studentsRepo, notificationsService }),
    filesService: createFilesService({ filesRepo: createFilesRepo(db), storage: createStorage(config) }),
    jobsService,
    applicationsService,
    pipelineService: createPipelineService({
      pipelineRepo: createPipelineRepo(db),
      studentsRepo,
      jobsRepo,
      emailSettingsRepo,
      mail,
      appUrl,
    }),
    statisticsService: createStatisticsService({ statisticsRepo: createStatisticsRepo(db) }),
    studentRecordsService: createStudentRecordsService({
      studentRecordsRepo: createStudentRecordsRepo(db),
      studentsRepo,
      applicationsService,
    }),
    staffService: createStaffService({ staffRepo: createStaffRepo(db), notificationsService }),
    companiesService: createCompaniesService({
      companiesRepo: createCompaniesRepo(db),
      jobsService,
      notificationsService,
      mail,
      appUrl,
    }),
  };
}

/** Builds the whole app without listening: server.ts listens, tests call it with inject(). */
export async function buildApp(
  config: Config,
  db: Database,
  options: { logger?: FastifyServerOptions['logger'] } = {},
) {
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel, redact: ['req.headers.cookie', 'req.body'] },
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1_048_576,
    trustProxy: false,
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

  const outboxRepo = createOutboxRepo(db);
  const mailSender = createMailSender({
    outboxRepo,
    transport: createMailTransport(config, app.log),
    log: app.log,
    keepBodies: config.mail.devOutbox,
  });
  // The sender starts with the app (sending what an earlier run left) and stops, after any send
  // under way, when it closes.
  app.addHook('onReady', async () => mailSender.start());
  app.addHook('onClose', async () => mailSender.stop());
  const services = createServices(config, db, mailSender);

  await app.register(errorHandler);
  await app.register(helmet, {
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
    resolveSession: (token) => services.authService.resolveSession(token),
  });
  await app.register(openapi);

  const authRateLimit = createAuthRateLimit(config.authRateLimitPerMinute);
  await app.register(authRoutes, {
    authService: services.authService,
    cookieSecure: config.cookieSecure,
    rateLimit: authRateLimit,
  });
  await app.register(passwordResetRoutes, {
    passwordResetService: services.passwordResetService,
    requestRateLimit: createResetRequestRateLimit(config.resetRequestsPerHour),
    attemptRateLimit: authRateLimit,
  });
  await app.register(emailSettingsRoutes, { emailSettingsService: services.emailSettingsService });
  if (config.mail.devOutbox) await app.register(outboxRoutes, { outboxRepo });
  await app.register(studentsRoutes, { studentsService: services.studentsService });
  await app.register(staffRoutes, { staffService: services.staffService });
  await app.register(companiesRoutes, { companiesService: services.companiesService });
  await app.register(studentRecordsRoutes, { studentRecordsService: services.studentRecordsService });
  await app.register(pipelineRoutes, { pipelineService: services.pipelineService });
  await app.register(statisticsRoutes, { statisticsService: services.statisticsService });
  await app.register(filesRoutes, { filesService: services.filesService });
  await app.register(jobsRoutes, { jobsService: services.jobsService });
  await app.register(applicationsRoutes, { applicationsService: services.applicationsService });
  await app.register(notificationsRoutes, { notificationsService: services.notificationsService });

  await app.register(webApp, { distDir: config.webDistDir });
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
