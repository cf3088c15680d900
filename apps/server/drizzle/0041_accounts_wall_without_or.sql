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
ALTER POLICY "college_wall" ON "accounts" USING (coalesce("college_id", 0) = ANY ((SELECT portal_scope() || 0)::integer[]));
--> statement-breakpoint
-- No college is numbered 0 (identities start at 1; this keeps an operator's insert from making one).
ALTER TABLE "colleges" ADD CONSTRAINT "colleges_id_positive" CHECK ("id" > 0);
--> statement-breakpoint
-- Each wall's colleges read once a statement, not once a row. `portal_scope()` parses the session
-- setting (`current_setting`, `string_to_array`, a cast), and as a filter it ran for every row a
-- statement read: the staff search's count of up to 501 names spent 0.57 ms of its 0.6 in it. As a
-- scalar subquery it is an InitPlan, evaluated once, and each row compares with its value (0.19 ms;
-- the widely used form for row-level security policies). Who sees what is unchanged.
ALTER POLICY "college_wall" ON "applications" USING ("college_id" = ANY ((SELECT portal_scope())::integer[]));
--> statement-breakpoint
ALTER POLICY "college_wall" ON "college_change_counts" USING ("college_id" = ANY ((SELECT portal_scope())::integer[]));
--> statement-breakpoint
ALTER POLICY "college_wall" ON "college_changes" USING ("college_id" = ANY ((SELECT portal_scope())::integer[]));
--> statement-breakpoint
ALTER POLICY "college_wall" ON "company_colleges" USING ("college_id" = ANY ((SELECT portal_scope())::integer[]));
--> statement-breakpoint
ALTER POLICY "college_wall" ON "company_status_changes" USING ("college_id" = ANY ((SELECT portal_scope())::integer[]));
--> statement-breakpoint
ALTER POLICY "college_wall" ON "degree_mappings" USING ("college_id" = ANY ((SELECT portal_scope())::integer[]));
--> statement-breakpoint
ALTER POLICY "college_wall" ON "drive_days" USING ("college_id" = ANY ((SELECT portal_scope())::integer[]));
--> statement-breakpoint
ALTER POLICY "college_wall" ON "events" USING ("college_id" = ANY ((SELECT portal_scope())::integer[]));
--> statement-breakpoint
ALTER POLICY "college_wall" ON "job_colleges" USING ("college_id" = ANY ((SELECT portal_scope())::integer[]));
--> statement-breakpoint
ALTER POLICY "college_wall" ON "offers" USING ("college_id" = ANY ((SELECT portal_scope())::integer[]));
--> statement-breakpoint
ALTER POLICY "college_wall" ON "password_signin" USING ("college_id" = ANY ((SELECT portal_scope())::integer[]));
--> statement-breakpoint
ALTER POLICY "college_wall" ON "placement_policies" USING ("college_id" = ANY ((SELECT portal_scope())::integer[]));
--> statement-breakpoint
ALTER POLICY "college_wall" ON "programmes" USING ("college_id" = ANY ((SELECT portal_scope())::integer[]));
--> statement-breakpoint
ALTER POLICY "college_wall" ON "provider_signins" USING ("college_id" = ANY ((SELECT portal_scope())::integer[]));
--> statement-breakpoint
ALTER POLICY "college_wall" ON "signin_providers" USING ("college_id" = ANY ((SELECT portal_scope())::integer[]));
--> statement-breakpoint
ALTER POLICY "college_wall" ON "student_imports" USING ("college_id" = ANY ((SELECT portal_scope())::integer[]));
--> statement-breakpoint
ALTER POLICY "college_wall" ON "students" USING ("college_id" = ANY ((SELECT portal_scope())::integer[]));
--> statement-breakpoint
ALTER POLICY "college_wall" ON "college_settings" USING ("id" = ANY ((SELECT portal_scope())::integer[]));
--> statement-breakpoint
ALTER POLICY "college_wall" ON "colleges" USING ("id" = ANY ((SELECT portal_scope())::integer[]));
