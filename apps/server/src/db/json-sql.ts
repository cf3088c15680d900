import { sql, type SQLWrapper } from 'drizzle-orm';

/**
 * A row and the rows that belong to it in one round trip: these build JSON inside the statement
 * (`json_build_object`, `json_agg`), which both drivers hand back already parsed. Timestamps
 * arrive as ISO text, not Dates.
 */

/** `json_build_object('key', column, …)` of the given columns, keys written as given. */
export const jsonObject = (columns: Record<string, SQLWrapper>) =>
  sql`json_build_object(${sql.join(
    Object.entries(columns).map(([key, column]) => {
      if (!/^[A-Za-z]\w*$/.test(key)) throw new Error(`not a JSON key we write: ${key}`);
      return sql`${sql.raw(`'${key}'`)}, ${column}`;
    }),
    sql`, `,
  )})`;
