/**
 * The most entries each capped list carries (its newest ones); the lists that can grow without
 * bound beyond these are paged instead (`pageQuery`). docs/api.md lists every route with its bound.
 */
export const bounds = {
  /** A student's applications (their own list, and in the record staff open). */
  applications: 200,
  /** A company's own jobs (its job list, and in the details staff open). */
  jobs: 200,
  /** Audit entries in the record staff open. */
  auditEntries: 200,
  /** Decisions about a company in the details staff open. */
  companyStatusChanges: 100,
  /** Saved placement-policy versions. */
  policyVersions: 100,
  /** Degrees in the placement statistics: the most common ones (degrees are typed by students). */
  statisticsDegrees: 100,
  /** Students in one resume book (ZIP of resumes): asked for more, the download is refused. */
  resumeBookStudents: 2_000,
  /**
   * Rows one bulk action changes (applicants moved, students verified or given a status): a larger
   * selection is refused with a message, so one request stays one short wait.
   */
  bulkRows: 500,
} as const;
