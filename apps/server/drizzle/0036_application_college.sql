ALTER TABLE "applications" ADD COLUMN "college_id" integer DEFAULT portal_current_college() NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "college_id" integer DEFAULT portal_current_college() NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_college_stage_idx" ON "applications" USING btree ("college_id","stage");--> statement-breakpoint
CREATE INDEX "offers_college_state_idx" ON "offers" USING btree ("college_id","state");--> statement-breakpoint
CREATE INDEX "students_college_placed_idx" ON "students" USING btree ("college_id") WHERE "students"."is_placed";--> statement-breakpoint
-- hand-written: an application and an offer carry their student's college (docs/architecture.md,
-- "Colleges"), so their college wall is a plain comparison that an index answers instead of a
-- subquery over the college's students for every row (docs/performance.md, "Colleges and the walls
-- between them"). Existing rows take their student's college.
UPDATE "applications" a SET "college_id" = s."college_id" FROM "students" s
  WHERE s."account_id" = a."student_id" AND a."college_id" <> s."college_id";--> statement-breakpoint
UPDATE "offers" o SET "college_id" = s."college_id" FROM "students" s
  WHERE s."account_id" = o."student_id" AND o."college_id" <> s."college_id";--> statement-breakpoint
-- Whatever the writer says (a company's request runs unwalled, where the column's default would be
-- the first college), a row's college is its student's. Definer's rights: it reads one student's
-- college however the writer is walled.
CREATE FUNCTION portal_student_row_college() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public AS $$
BEGIN
  NEW."college_id" := (SELECT s."college_id" FROM "students" s WHERE s."account_id" = NEW."student_id");
  IF NEW."college_id" IS NULL THEN
    RAISE EXCEPTION 'no student %', NEW."student_id" USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "applications_college" BEFORE INSERT OR UPDATE OF "student_id", "college_id" ON "applications"
  FOR EACH ROW EXECUTE FUNCTION portal_student_row_college();--> statement-breakpoint
CREATE TRIGGER "offers_college" BEFORE INSERT OR UPDATE OF "student_id", "college_id" ON "offers"
  FOR EACH ROW EXECUTE FUNCTION portal_student_row_college();--> statement-breakpoint
DROP POLICY "college_wall" ON "applications";--> statement-breakpoint
CREATE POLICY "college_wall" ON "applications" TO portal_app USING ("college_id" = ANY (portal_scope()));--> statement-breakpoint
DROP POLICY "college_wall" ON "offers";--> statement-breakpoint
CREATE POLICY "college_wall" ON "offers" TO portal_app USING ("college_id" = ANY (portal_scope()));
--> statement-breakpoint
-- hand-written: the staff list's name index leads with the college (0035's led with the name) and
-- ends with the id, the list's whole order. A college's name range was a bitmap of the whole
-- deployment's range ANDed with the college's students, then sorted: 544 ms for "a" at 100,000
-- students in 10 colleges, against 0.9 ms as one index-only range within the college; and a page
-- (ordered by name, then id) under a generic plan sorted every match before taking 20: 68 ms for
-- "sa", against 2.8 ms read in order (docs/performance.md, "Colleges and the walls between them").
DROP INDEX "accounts_student_sort_name_idx";--> statement-breakpoint
CREATE INDEX "accounts_student_sort_name_idx"
  ON "accounts" ("college_id", "sort_name", "id")
  INCLUDE ("first_name", "last_name", "status")
  WHERE "role" = 'student';
