import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyServerOptions } from 'fastify';
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
import { createAuthRateLimit } from './plugins/auth-rate-limit.ts';
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

/** Wires the services by hand, so the dependency graph reads top to bottom. */
export function createServices(config: Config, db: Database) {
  const notificationsService = createNotificationsService({ notificationsRepo: createNotificationsRepo(db) });
  const studentsRepo = createStudentsRepo(db);
  const jobsRepo = createJobsRepo(db);
  const applicationsRepo = createApplicationsRepo(db);
  const jobsService = createJobsService({ jobsRepo, studentsRepo, applicationsRepo });
  const applicationsService = createApplicationsService({
    applicationsRepo,
    jobsRepo,
    studentsRepo,
    notificationsService,
  });
  return {
    notificationsService,
    authService: createAuthService({
      accountsRepo: createAccountsRepo(db),
      sessionsRepo: createSessionsRepo(db),
      staffSignupCode: config.staffSignupCode,
    }),
    studentsService: createStudentsService({ studentsRepo, notificationsService }),
    filesService: createFilesService({ filesRepo: createFilesRepo(db), storage: createStorage(config) }),
    jobsService,
    applicationsService,
    pipelineService: createPipelineService({ pipelineRepo: createPipelineRepo(db), studentsRepo, jobsRepo }),
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

  const services = createServices(config, db);

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

  await app.register(authRoutes, {
    authService: services.authService,
    cookieSecure: config.cookieSecure,
    rateLimit: createAuthRateLimit(config.authRateLimitPerMinute),
  });
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
