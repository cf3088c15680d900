-- The staff list at 100,000 students (migration 0004 made its name search an index range).
--
-- 1. The name index carries the columns the list's count reads (INCLUDE): the count of the students
--    whose name starts with the search (up to 501, to say "500+") and the order of the first page
--    come from the index alone (an index-only scan): 7 pages read for "sa" instead of 503.
--    PostgreSQL takes an index-only scan of an expression index only when the columns the
--    expression reads are in the index too.
-- 2. The degree and year filters get indexes. Without them a degree and year that no student has
--    (say B.Tech CSE of 2026) walked every student in name order looking for one: about 1 s on
--    PostgreSQL. A degree matches any of the student's degrees in any case, so the index is on the
--    degrees in lower case, through an immutable function (an index expression cannot hold a
--    subquery).
-- Written by hand, as 0004: drizzle-kit cannot express a collation on an expression index.
DROP INDEX IF EXISTS "accounts_student_full_name_idx";--> statement-breakpoint
CREATE INDEX "accounts_student_full_name_idx"
  ON "accounts" ((lower("first_name" || ' ' || "last_name") COLLATE "C"))
  INCLUDE ("id", "first_name", "last_name", "status")
  WHERE "role" = 'student';--> statement-breakpoint
CREATE FUNCTION "lowercase_elements"(text[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT array(SELECT lower(e) FROM unnest($1) e) $$;--> statement-breakpoint
CREATE INDEX "students_degrees_lower_idx" ON "students" USING gin ("lowercase_elements"("degrees"));--> statement-breakpoint
CREATE INDEX "students_year_of_passing_idx" ON "students" ("year_of_passing");
