-- Custom SQL migration file, put your code below! --
-- hand-written: a student's programme is worked out once per distinct list of degrees that one
-- INSERT brings, not once per row. `programme_for_degree` reads every programme (about 2 ms a
-- call on the embedded database), so a 5,000-row import spent most of its confirmation here
-- (docs/performance.md, "Importing 10,000 students"). The rule is the same function as before;
-- an UPDATE OF "degrees" still sets it row by row, before the row is written (programmes.map
-- reads it back with RETURNING).
DROP TRIGGER IF EXISTS "students_programme" ON "students";
--> statement-breakpoint
CREATE TRIGGER "students_programme" BEFORE UPDATE OF "degrees" ON "students"
  FOR EACH ROW EXECUTE FUNCTION "students_set_programme"();
--> statement-breakpoint
CREATE FUNCTION "students_set_programme_inserted"() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  -- MATERIALIZED: once per distinct list, not once per joined row.
  WITH "d" AS MATERIALIZED (
    SELECT x."degrees", x."college_id", programme_for_degrees(x."degrees", x."college_id") AS "id"
    FROM (SELECT DISTINCT "degrees", "college_id" FROM "inserted" WHERE cardinality("degrees") > 0) x)
  UPDATE "students" s SET "programme_id" = d."id"
  FROM "inserted" i JOIN "d" ON d."degrees" = i."degrees" AND d."college_id" = i."college_id"
  WHERE s."account_id" = i."account_id" AND d."id" IS NOT NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "students_programme_inserted" AFTER INSERT ON "students"
  REFERENCING NEW TABLE AS "inserted"
  FOR EACH STATEMENT EXECUTE FUNCTION "students_set_programme_inserted"();
