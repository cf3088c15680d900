-- Custom SQL migration file, put your code below! --
-- hand-written: the accounts' wall as one comparison instead of an OR. A walled request sees its
-- colleges' accounts and every company's (companies have no college: `college_id` is null), and
-- was written `college_id IS NULL OR college_id = ANY (portal_scope())`. Both arms can be read
-- from an index on `college_id`, so the planner offered a BitmapOr of the two for any query on
-- accounts, and under a prepared statement's generic plan (which guesses a handful of rows for a
-- name range) it took it for the staff search: every student of a one-letter search read, joined
-- and sorted for pages 2 to 5 (about 135 ms for "a", page 3, at 100,000 students in ten colleges),
-- where reading the name index in order stops after the page (7 ms). As one comparison
-- (a company's account counts as college 0, which no college is), nothing of the wall is an index
-- condition: the request's own `college_id = …` is, and the wall is checked on the rows it reads.
-- Who sees what is unchanged (college-walls.routes.test.ts).
ALTER POLICY "college_wall" ON "accounts" USING (coalesce("college_id", 0) = ANY (portal_scope() || 0));
--> statement-breakpoint
-- No college is numbered 0 (identities start at 1; this keeps an operator's insert from making one).
ALTER TABLE "colleges" ADD CONSTRAINT "colleges_id_positive" CHECK ("id" > 0);
