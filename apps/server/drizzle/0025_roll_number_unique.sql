-- hand-written: one roll number per college, enforced by the database as well as checked by the
-- service (two saves at the same moment both passed the check on PostgreSQL). Compared in upper case,
-- as the service compares them. A deployment that already holds duplicates keeps working without the
-- index (a notice says so) until staff correct them; the service's check still refuses new ones.
DO $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM "students" WHERE "roll_number" IS NOT NULL
    GROUP BY upper("roll_number") HAVING count(*) > 1
  ) THEN
    RAISE NOTICE 'students hold duplicate roll numbers: students_roll_number_unique not created';
  ELSE
    CREATE UNIQUE INDEX "students_roll_number_unique" ON "students" (upper("roll_number"));
  END IF;
END $$;
-- hand-written
