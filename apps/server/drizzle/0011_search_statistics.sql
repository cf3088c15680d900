-- The name index of 0004 is partial (students only), and PostgreSQL does not estimate from a
-- partial index's statistics: every prefix was estimated at the default 0.5 % of accounts (500 of
-- 100,000). "a" matches 47,501 students, so its count was planned as a small set (a bitmap scan of
-- every match, then a sort: 200 ms) instead of the first 501 entries of the index in order (18 ms).
-- Statistics on the expression itself give the planner the names' real distribution.
-- Written by hand: drizzle-kit cannot express statistics on an expression.
CREATE STATISTICS IF NOT EXISTS "accounts_full_name_stats"
  ON (lower("first_name" || ' ' || "last_name") COLLATE "C") FROM "accounts";
--> statement-breakpoint
ANALYZE "accounts";
