/**
 * Query keys that more than one feature needs: the feature that owns the query builds its options
 * on the key, and a feature whose change makes that data stale invalidates the same key. (Features
 * never import each other, so a key both need lives here, written once.)
 */
export const sharedQueryKeys = {
  /** The staff dashboard's placement numbers: a student's placement or offer change moves them. */
  staffStatistics: ['staff', 'statistics'],
  /** The college's programmes: staff change them; students pick from them and jobs target them. */
  programmes: ['programmes'],
} as const;
