import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

/**
 * Adds `count` students straight into the database, in two statements (signing up 1,000 students
 * through the API would take minutes): named `<firstName> Bulk0001` …, Allowed, B.Tech 2026, CGPA 8.
 * Used where a test needs more rows than one chunk or batch; they cannot sign in.
 */
export async function insertStudents(db: Database, count: number, firstName: string) {
  await db.execute(sql`
    with made as (
      insert into accounts (role, email, password_hash, first_name, last_name, phone)
      select 'student', ${firstName.toLowerCase()} || '-' || n || '@bulk.example.com', 'not-a-hash',
             ${firstName}, 'Bulk' || lpad(n::text, 5, '0'), '9876543210'
      from generate_series(1, ${count}::int) n
      returning id
    )
    insert into students (account_id, degrees, cgpa, year_of_passing)
    select id, array['B.Tech'], 8, 2026 from made`);
}
