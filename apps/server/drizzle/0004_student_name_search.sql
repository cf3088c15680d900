-- Staff search students by the start of their full name, case-insensitively, sorted by name.
-- text_pattern_ops orders by bytes, so the prefix becomes a range (~>=~ prefix, ~<~ next prefix)
-- that an index scan answers in name order, with bound parameters as well as literals.
-- Written by hand: drizzle-kit cannot express an operator class on an expression index.
CREATE INDEX IF NOT EXISTS "accounts_student_full_name_idx"
  ON "accounts" (lower("first_name" || ' ' || "last_name") text_pattern_ops)
  WHERE "role" = 'student';
