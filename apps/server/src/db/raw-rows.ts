/** The rows of a raw query (`execute`), whichever driver ran it: postgres-js answers an array, PGlite `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
