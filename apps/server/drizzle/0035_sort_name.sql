-- hand-written (drizzle-kit cannot write a column's collation): the staff list's name as a
-- generated column. Under row-level security (0026) a query's own conditions are applied after the
-- policies unless every function in them is leakproof; lower() and || are not, so the range on
-- the expression index of 0016 became a filter over every student, and a name search read the
-- whole index (staff search p50 133 ms at 20,000 students on PostgreSQL). A comparison on a plain
-- column (text_ge, text_lt: leakproof) stays an index range.
ALTER TABLE "accounts" ADD COLUMN "sort_name" text COLLATE "C" GENERATED ALWAYS AS (lower("first_name" || ' ' || "last_name")) STORED;--> statement-breakpoint
DROP INDEX IF EXISTS "accounts_student_full_name_idx";--> statement-breakpoint
CREATE INDEX "accounts_student_sort_name_idx"
  ON "accounts" ("sort_name")
  INCLUDE ("id", "first_name", "last_name", "status", "college_id")
  WHERE "role" = 'student';
