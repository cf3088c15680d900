CREATE TABLE "college_change_counts" (
	"college_id" integer PRIMARY KEY NOT NULL,
	"folded" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "college_changes" (
	"college_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "college_change_counts" ADD CONSTRAINT "college_change_counts_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "college_changes_college_idx" ON "college_changes" USING btree ("college_id");--> statement-breakpoint
-- hand-written: a row per statement that changes what a college's figures read (its students,
-- applications, offers, no-shows, programmes, placement policy), from the statement's transition
-- tables. A writer only inserts (no row is updated in place, no foreign key share-locks the
-- college's row, so writers never wait for one another here); the
-- figures' cache (keptUntilChanged, lib/fresh-shared-read.ts) compares the college's count of changes, which
-- each committed statement raises whatever order writers commit in. SECURITY DEFINER: a walled
-- writer may not insert here itself.
CREATE FUNCTION portal_college_changed() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public AS $$
BEGIN
  IF TG_ARGV[0] = 'by student' THEN
    IF TG_OP = 'UPDATE' THEN
      INSERT INTO "college_changes" ("college_id")
        SELECT DISTINCT s."college_id" FROM "students" s
        WHERE s."account_id" IN (SELECT "student_id" FROM "changed" UNION ALL SELECT "student_id" FROM "before_change");
    ELSE
      INSERT INTO "college_changes" ("college_id")
        SELECT DISTINCT s."college_id" FROM "students" s WHERE s."account_id" IN (SELECT "student_id" FROM "changed");
    END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    -- DISTINCT over UNION ALL: a UNION's hashed set operation cost 0.2 ms more a statement.
    INSERT INTO "college_changes" ("college_id")
      SELECT DISTINCT c."college_id" FROM (SELECT "college_id" FROM "changed" UNION ALL SELECT "college_id" FROM "before_change") c;
  ELSE
    INSERT INTO "college_changes" ("college_id") SELECT DISTINCT "college_id" FROM "changed";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Every insert, update and delete counts: PostgreSQL allows no column list on a trigger with
-- transition tables, and a statement-level trigger has no WHEN. An update of a column the figures
-- do not read (a student's phone) only makes the next reading afresh.
CREATE TRIGGER "students_changed_ins" AFTER INSERT ON "students" REFERENCING NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION portal_college_changed('by college');--> statement-breakpoint
CREATE TRIGGER "students_changed_upd" AFTER UPDATE ON "students"
  REFERENCING OLD TABLE AS "before_change" NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION portal_college_changed('by college');--> statement-breakpoint
CREATE TRIGGER "students_changed_del" AFTER DELETE ON "students" REFERENCING OLD TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION portal_college_changed('by college');--> statement-breakpoint
CREATE TRIGGER "applications_changed_ins" AFTER INSERT ON "applications" REFERENCING NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION portal_college_changed('by college');--> statement-breakpoint
CREATE TRIGGER "applications_changed_upd" AFTER UPDATE ON "applications"
  REFERENCING OLD TABLE AS "before_change" NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION portal_college_changed('by college');--> statement-breakpoint
CREATE TRIGGER "applications_changed_del" AFTER DELETE ON "applications" REFERENCING OLD TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION portal_college_changed('by college');--> statement-breakpoint
CREATE TRIGGER "offers_changed_ins" AFTER INSERT ON "offers" REFERENCING NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION portal_college_changed('by college');--> statement-breakpoint
CREATE TRIGGER "offers_changed_upd" AFTER UPDATE ON "offers"
  REFERENCING OLD TABLE AS "before_change" NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION portal_college_changed('by college');--> statement-breakpoint
CREATE TRIGGER "offers_changed_del" AFTER DELETE ON "offers" REFERENCING OLD TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION portal_college_changed('by college');--> statement-breakpoint
CREATE TRIGGER "programmes_changed_ins" AFTER INSERT ON "programmes" REFERENCING NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION portal_college_changed('by college');--> statement-breakpoint
CREATE TRIGGER "programmes_changed_upd" AFTER UPDATE ON "programmes"
  REFERENCING OLD TABLE AS "before_change" NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION portal_college_changed('by college');--> statement-breakpoint
CREATE TRIGGER "programmes_changed_del" AFTER DELETE ON "programmes" REFERENCING OLD TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION portal_college_changed('by college');--> statement-breakpoint
CREATE TRIGGER "no_shows_changed_ins" AFTER INSERT ON "no_shows" REFERENCING NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION portal_college_changed('by student');--> statement-breakpoint
CREATE TRIGGER "no_shows_changed_upd" AFTER UPDATE ON "no_shows"
  REFERENCING OLD TABLE AS "before_change" NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION portal_college_changed('by student');--> statement-breakpoint
CREATE TRIGGER "no_shows_changed_del" AFTER DELETE ON "no_shows" REFERENCING OLD TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION portal_college_changed('by student');--> statement-breakpoint
CREATE TRIGGER "placement_policies_changed_ins" AFTER INSERT ON "placement_policies" REFERENCING NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION portal_college_changed('by college');--> statement-breakpoint
CREATE TRIGGER "placement_policies_changed_upd" AFTER UPDATE ON "placement_policies"
  REFERENCING OLD TABLE AS "before_change" NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION portal_college_changed('by college');--> statement-breakpoint
CREATE TRIGGER "placement_policies_changed_del" AFTER DELETE ON "placement_policies" REFERENCING OLD TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION portal_college_changed('by college');--> statement-breakpoint
ALTER TABLE "college_changes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "college_wall" ON "college_changes" TO portal_app USING ("college_id" = ANY (portal_scope()));--> statement-breakpoint
ALTER TABLE "college_change_counts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "college_wall" ON "college_change_counts" TO portal_app USING ("college_id" = ANY (portal_scope()));--> statement-breakpoint
GRANT SELECT ON "college_changes", "college_change_counts" TO portal_app;
--> statement-breakpoint
-- hand-written: the request's college in PL/pgSQL, which keeps its plan for the session. As a SQL
-- function with a sub-select it could not be inlined, and every statement naming it planned its
-- body afresh: about 0.1 ms of PostgreSQL's time a statement (pgbench, one connection: 0.28 ms a
-- `select portal_current_college()` against 0.18 ms for `select 1`; 0.21 ms in PL/pgSQL). The
-- staff's count of changes names it twice: 0.29 → 0.19 ms prepared.
CREATE OR REPLACE FUNCTION portal_current_college() RETURNS integer LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN coalesce((portal_scope())[1], (SELECT min("id") FROM "colleges"));
END $$;
