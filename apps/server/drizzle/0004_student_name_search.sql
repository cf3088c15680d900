-- Staff search students by the start of their full name, case-insensitively, sorted by name.
-- The lower-cased name is indexed in the "C" collation (byte order, like text_pattern_ops), so a
-- prefix is a plain range (>= prefix, < next prefix) that an index scan answers in name order,
-- with bound parameters too. Unlike text_pattern_ops' ~>=~ operators, plain >= and < let the
-- planner estimate the range from the index's statistics, so a broad prefix ("a") and a narrow one
-- ("kavya sh") each get the right plan.
-- Written by hand: drizzle-kit cannot express a collation on an expression index.
CREATE INDEX IF NOT EXISTS "accounts_student_full_name_idx"
  ON "accounts" ((lower("first_name" || ' ' || "last_name") COLLATE "C"))
  WHERE "role" = 'student';
