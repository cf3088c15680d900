import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { shippedMigrations } from './db/migrate.ts';
import { type Clock, createClock } from './lib/clock.ts';
import { createRateCounters, type RateCounters } from './lib/rate-counters.ts';
import { createDiskStorage, createS3Storage, type Storage } from './lib/storage.ts';
import { createAcademicRecordsRepo } from './modules/academic-records/academic-records.repo.ts';
import { createAcademicRecordsService } from './modules/academic-records/academic-records.service.ts';
import { createRollNumbers } from './modules/academic-records/academic-records.read.ts';
import type { AnnouncementQueue } from './modules/announcements/announce.ts';
import { createApplicationsRepo } from './modules/applications/applications.repo.ts';
import { createApplicationsService } from './modules/applications/applications.service.ts';
import { createAccountsRepo } from './modules/auth/accounts.repo.ts';
import { createAccountsReader } from './modules/auth/auth.read.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { SESSION_TOUCH_MS } from './lib/session-cookie.ts';
import { createSessionCache } from './modules/auth/session-cache.ts';
import { createSessionsRepo } from './modules/auth/sessions.repo.ts';
import { createSigninThrottle } from './modules/auth/signin-throttle.ts';
import { createTrustedDevices } from './modules/auth/trusted-devices.ts';
import { createTrustedDevicesRepo } from './modules/auth/trusted-devices.repo.ts';
import { createPasswordSigninGate } from './modules/college-signin/college-signin.read.ts';
import { createCollegeSigninRepo } from './modules/college-signin/college-signin.repo.ts';
import { createCollegeSigninService } from './modules/college-signin/college-signin.service.ts';
import { createCalendarRepo } from './modules/calendar/calendar.repo.ts';
import { createCalendarService } from './modules/calendar/calendar.service.ts';
import { createCollegesRepo } from './modules/colleges/colleges.repo.ts';
import { createCollegesService } from './modules/colleges/colleges.service.ts';
import { createEventsReader } from './modules/events/events.read.ts';
import { createEventsRepo } from './modules/events/events.repo.ts';
import { createEventsService } from './modules/events/events.service.ts';
import { createDriveDaysRepo } from './modules/drive-days/drive-days.repo.ts';
import { createDriveDaysService } from './modules/drive-days/drive-days.service.ts';
import { createBoardRepo } from './modules/drive-days/board.repo.ts';
import { createBoardService } from './modules/drive-days/board.service.ts';
import { createCompaniesRepo } from './modules/companies/companies.repo.ts';
import { createCompaniesService } from './modules/companies/companies.service.ts';
import { createEmailChangeRepo } from './modules/email-change/email-change.repo.ts';
import { createEmailChangeService } from './modules/email-change/email-change.service.ts';
import { createEmailSettingsReader } from './modules/email-settings/email-settings.read.ts';
import { createEmailSettingsRepo } from './modules/email-settings/email-settings.repo.ts';
import { createEmailSettingsService } from './modules/email-settings/email-settings.service.ts';
import { createFilesRepo } from './modules/files/files.repo.ts';
import { createFilesService } from './modules/files/files.service.ts';
import { createHomesRepo } from './modules/homes/homes.repo.ts';
import { createHomesService } from './modules/homes/homes.service.ts';
import { createPlacementCellRepo } from './modules/placement-cell/placement-cell.repo.ts';
import { createPlacementCellService } from './modules/placement-cell/placement-cell.service.ts';
import { createHealthRepo } from './modules/health/health.repo.ts';
import { createHealthService } from './modules/health/health.service.ts';
import { createJobsReader } from './modules/jobs/jobs.read.ts';
import { createJobsRepo } from './modules/jobs/jobs.repo.ts';
import { createJobsService } from './modules/jobs/jobs.service.ts';
import type { MailQueue } from './modules/mail/outbox-queue.ts';
import { createTimelineReader } from './modules/messaging/messaging.read.ts';
import { createMessagingRepo } from './modules/messaging/messaging.repo.ts';
import { createMessagingService } from './modules/messaging/messaging.service.ts';
import { createNotificationsRepo } from './modules/notifications/notifications.repo.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { createOffersReader } from './modules/offers/offers.read.ts';
import { createOffersRepo } from './modules/offers/offers.repo.ts';
import { createOffersService } from './modules/offers/offers.service.ts';
import { createOwnDataRepo } from './modules/own-data/own-data.repo.ts';
import { createOwnDataService } from './modules/own-data/own-data.service.ts';
import { createPasswordResetRepo } from './modules/password-reset/password-reset.repo.ts';
import { createPasswordResetService } from './modules/password-reset/password-reset.service.ts';
import { createPipelineRepo } from './modules/pipeline/pipeline.repo.ts';
import { createPipelineService } from './modules/pipeline/pipeline.service.ts';
import { createPlacementPolicyRepo } from './modules/placement-policy/placement-policy.repo.ts';
import { createPlacementPolicyService } from './modules/placement-policy/placement-policy.service.ts';
import { createProgrammesReader } from './modules/programmes/programmes.read.ts';
import { createProgrammesRepo } from './modules/programmes/programmes.repo.ts';
import { createProgrammesService } from './modules/programmes/programmes.service.ts';
import { createRecordViewsRepo } from './modules/record-views/record-views.repo.ts';
import { createRecordViewsService, type ErrorLog } from './modules/record-views/record-views.service.ts';
import { createResumeBookRepo } from './modules/resume-book/resume-book.repo.ts';
import { createResumeBookService } from './modules/resume-book/resume-book.service.ts';
import { createStaffRepo } from './modules/staff/staff.repo.ts';
import { createStaffService } from './modules/staff/staff.service.ts';
import { createStatisticsRepo } from './modules/statistics/statistics.repo.ts';
import { createStatisticsService } from './modules/statistics/statistics.service.ts';
import { createUniversityRepo } from './modules/university/university.repo.ts';
import { createUniversityService } from './modules/university/university.service.ts';
import { createStudentImportsRepo } from './modules/student-imports/student-imports.repo.ts';
import { createStudentImportsService } from './modules/student-imports/student-imports.service.ts';
import { createStudentRecordsRepo } from './modules/student-records/student-records.repo.ts';
import { createStudentRecordsService } from './modules/student-records/student-records.service.ts';
import { createStudentsReader } from './modules/students/students.read.ts';
import { createStudentsRepo } from './modules/students/students.repo.ts';
import { createOwnRecordCopy } from './modules/students/own-record-copy.ts';
import { createStudentsService } from './modules/students/students.service.ts';

/*
 * The services, wired by hand. app.ts builds the HTTP app on them; scripts (the demo accounts,
 * seed) and tests that need a service without HTTP import this file, never app.ts.
 */

export function createStorage(config: Config): Storage {
  const s = config.storage;
  return s.driver === 'disk'
    ? createDiskStorage(s.dir)
    : createS3Storage({ ...s, forcePathStyle: s.endpoint !== undefined });
}

/** Where scripts that build the services without an app (seed, demo accounts) report failures. */
const consoleLog: ServiceLog = {
  error: (details, message) => console.error(message, details),
  warn: (details, message) => console.warn(message, details),
};
/** Failures a request does not report (error), and refusals worth a look (warn: a provider's sign-in). */
type ServiceLog = ErrorLog & { warn: ErrorLog['error'] };

/** Without the server's workers (scripts, tests), queued email and announcements wait in their tables. */
const nobodyListening = { wake: () => {} };

/**
 * Wires the services by hand, so the dependency graph reads top to bottom. `mail` and
 * `announcements` are woken when a service has committed emails or a job announcement (the
 * workers of workers.ts send them); `log` hears of failures a request does not report;
 * `rateCounters` count failed sign-ins (app.ts shares them with the other rate limits, in Redis
 * when there is one); `clock` is the one source of the time and the day (config TIME_ZONE).
 */
export function createServices(
  config: Config,
  db: Database,
  {
    mail = nobodyListening,
    announcements = nobodyListening,
    log = consoleLog,
    rateCounters = createRateCounters(undefined),
    clock = createClock(config.timeZone),
  }: {
    mail?: MailQueue;
    announcements?: AnnouncementQueue;
    log?: ServiceLog;
    rateCounters?: RateCounters;
    clock?: Clock;
  } = {},
) {
  const notificationsService = createNotificationsService({
    notificationsRepo: createNotificationsRepo(db),
    clock,
  });
  // Each module's read model, built once: what other modules' services read of it.
  const studentsReader = createStudentsReader(db);
  const rollNumbers = createRollNumbers(db);
  const programmesReader = createProgrammesReader(db);
  const jobsReader = createJobsReader(db);
  const emailSettingsReader = createEmailSettingsReader(db);
  const timelineReader = createTimelineReader(db);
  const trustedDevices = createTrustedDevices({ trustedDevicesRepo: createTrustedDevicesRepo(db), clock });
  const signinThrottle = createSigninThrottle({
    counters: rateCounters,
    failuresAllowed: config.signinFailuresPerAccount,
  });
  const appUrl = config.mail.appUrl;
  const collegesService = createCollegesService({ collegesRepo: createCollegesRepo(db) });
  const passwordSignin = createPasswordSigninGate(db);
  const emailChangeService = createEmailChangeService({
    emailChangeRepo: createEmailChangeRepo(db),
    mail,
    appUrl,
    clock,
  });
  const recordViewsService = createRecordViewsService({
    recordViewsRepo: createRecordViewsRepo(db),
    log,
    clock,
  });
  const academicRecordsService = createAcademicRecordsService({
    academicRecordsRepo: createAcademicRecordsRepo(db),
    emailSettingsReader,
    rollNumbers,
    mail,
    appUrl,
    clock,
  });
  const storage = createStorage(config);
  const placementPolicyService = createPlacementPolicyService({
    placementPolicyRepo: createPlacementPolicyRepo(db),
    offersReader: createOffersReader(db),
    jobsReader,
    academicRecordsService,
    clock,
  });
  const jobsService = createJobsService({
    jobsRepo: createJobsRepo(db),
    academicRecordsService,
    placementPolicyService,
    programmesReader,
    announcements,
    clock,
  });
  const offersService = createOffersService({
    offersRepo: createOffersRepo(db),
    placementPolicyService,
    academicRecordsService,
    clock,
  });
  const statisticsService = createStatisticsService({
    statisticsRepo: createStatisticsRepo(db),
    placementPolicyService,
  });
  const applicationsService = createApplicationsService({
    applicationsRepo: createApplicationsRepo(db),
    jobsReader,
    placementPolicyService,
    studentsReader,
    notificationsService,
    offersService,
    emailSettingsReader,
    timelineReader,
    mail,
    appUrl,
  });
  const sessionCache = createSessionCache({ ttlMs: config.sessionCacheMs, touchMs: SESSION_TOUCH_MS });
  const ownRecordCopy = createOwnRecordCopy({ ttlMs: config.sessionCacheMs });
  const authService = createAuthService({
    accountsRepo: createAccountsRepo(db),
    sessionsRepo: createSessionsRepo(db),
    sessionCache,
    trustedDevices,
    signinThrottle,
    staffSignupCode: config.staffSignupCode,
    passwordHashing: config.passwordHashing,
    passwordSignin,
    clock,
  });
  const pipelineService = createPipelineService({
    pipelineRepo: createPipelineRepo(db),
    studentsReader,
    jobsReader,
    offersService,
    placementPolicyService,
    recordViewsService,
    emailSettingsReader,
    timelineReader,
    mail,
    appUrl,
    collegesService,
    clock,
    organizerEmail: /<([^>]+)>/.exec(config.mail.from)?.[1] ?? config.mail.from,
  });
  const driveDaysRepo = createDriveDaysRepo(db);
  const driveDaysService = createDriveDaysService({
    driveDaysRepo,
    placementPolicyService,
    mail,
    clock,
    appUrl,
    collegesService,
    organizerEmail: /<([^>]+)>/.exec(config.mail.from)?.[1] ?? config.mail.from,
  });
  return {
    collegesService,
    /**
     * This server's recent copies (lib/notified-copy.ts): each watches the database's news, and is
     * emptied whenever a request that may have changed something is answered here.
     */
    recentCopies: [sessionCache, ownRecordCopy],
    universityService: createUniversityService({
      universityRepo: createUniversityRepo(db),
      collegesService,
      statisticsService,
    }),
    notificationsService,
    programmesService: createProgrammesService({
      programmesRepo: createProgrammesRepo(db),
      programmesReader,
      academicRecordsService,
      clock,
    }),
    authService,
    collegeSigninService: createCollegeSigninService({
      collegeSigninRepo: createCollegeSigninRepo(db),
      authService,
      clock,
      appUrl,
      log,
    }),
    passwordResetService: createPasswordResetService({
      passwordResetRepo: createPasswordResetRepo(db),
      accountsReader: createAccountsReader(db),
      trustedDevices,
      signinThrottle,
      mail,
      appUrl,
      passwordHashing: config.passwordHashing,
      passwordSignin,
      clock,
    }),
    emailChangeService,
    recordViewsService,
    emailSettingsService: createEmailSettingsService({ emailSettingsRepo: createEmailSettingsRepo(db) }),
    academicRecordsService,
    placementPolicyService,
    offersService,
    studentsService: createStudentsService({
      studentsRepo: createStudentsRepo(db),
      notificationsService,
      academicRecordsService,
      clock,
      ownRecordCopy,
    }),
    filesService: createFilesService({
      filesRepo: createFilesRepo(db),
      storage,
      recordViewsService,
    }),
    healthService: createHealthService({
      healthRepo: createHealthRepo(db),
      storage,
      expectedMigrations: shippedMigrations(),
    }),
    jobsService,
    applicationsService,
    pipelineService,
    driveDaysService,
    boardService: createBoardService({
      boardRepo: createBoardRepo(db, driveDaysRepo),
      driveDaysRepo,
      driveDaysService,
      pipelineService,
      clock,
    }),
    eventsService: createEventsService({
      eventsRepo: createEventsRepo(db, { dateOf: clock.dateOf }),
      placementPolicyService,
      jobsService,
      clock,
      mail,
      appUrl,
      codeSecret: config.attendanceCodeSecret,
    }),
    calendarService: createCalendarService({
      calendarRepo: createCalendarRepo(db),
      eventsReader: createEventsReader(db),
      appUrl,
      collegesService,
      clock,
    }),
    messagingService: createMessagingService({
      messagingRepo: createMessagingRepo(db),
      jobsReader,
      mail,
      appUrl,
      clock,
    }),
    statisticsService,
    placementCellService: createPlacementCellService({ placementCellRepo: createPlacementCellRepo(db) }),
    homesService: createHomesService({
      homesRepo: createHomesRepo(db),
      jobsService,
      statisticsService,
      clock,
    }),
    resumeBookService: createResumeBookService({
      resumeBookRepo: createResumeBookRepo(db),
      studentsReader,
      recordViewsService,
      storage,
      log,
      clock,
    }),
    studentRecordsService: createStudentRecordsService({
      studentRecordsRepo: createStudentRecordsRepo(db),
      studentsReader,
      applicationsService,
      academicRecordsService,
      emailChangeService,
      recordViewsService,
      clock,
    }),
    ownDataService: createOwnDataService({
      ownDataRepo: createOwnDataRepo(db),
      studentsReader,
      storage,
      log,
      clock,
    }),
    studentImportsService: createStudentImportsService({
      studentImportsRepo: createStudentImportsRepo(db),
      rollNumbers,
      mail,
      appUrl,
      clock,
    }),
    staffService: createStaffService({ staffRepo: createStaffRepo(db), notificationsService }),
    companiesService: createCompaniesService({
      companiesRepo: createCompaniesRepo(db),
      jobsService,
      notificationsService,
      mail,
      announcements,
      appUrl,
    }),
  };
}
export type Services = ReturnType<typeof createServices>;
