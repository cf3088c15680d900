CREATE TABLE "college_change_counts" (
	"college_id" integer PRIMARY KEY NOT NULL,
	"folded" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "college_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"college_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "college_change_counts" ADD CONSTRAINT "college_change_counts_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "college_changes" ADD CONSTRAINT "college_changes_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "college_changes_college_idx" ON "college_changes" USING btree ("college_id","id");--> statement-breakpoint
-- hand-written: a row per statement that changes what a college's figures read (its students,
-- applications, offers, no-shows, programmes, placement policy), from the statement's transition tables. A writer
-- only inserts (no row is updated in place, so writers never wait for one another here); the
-- figures' cache (modules/statistics/change-count.ts) compares the college's count of changes, which
-- each committed statement raises whatever order writers commit in. SECURITY DEFINER: a walled
-- writer may not insert here itself.
CREATE FUNCTION portal_college_changed() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public AS $$
BEGIN
  IF TG_ARGV[0] = 'by student' THEN
    IF TG_OP = 'UPDATE' THEN
      INSERT INTO "college_changes" ("college_id")
        SELECT s."college_id" FROM "students" s
        WHERE s."account_id" IN (SELECT "student_id" FROM "changed" UNION SELECT "student_id" FROM "before_change")
        GROUP BY s."college_id";
    ELSE
      INSERT INTO "college_changes" ("college_id")
        SELECT s."college_id" FROM "students" s
        WHERE s."account_id" IN (SELECT "student_id" FROM "changed")
        GROUP BY s."college_id";
    END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "college_changes" ("college_id")
      SELECT "college_id" FROM "changed" UNION SELECT "college_id" FROM "before_change";
  ELSE
    INSERT INTO "college_changes" ("college_id") SELECT DISTINCT "college_id" FROM "changed";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
  how text;
BEGIN
  FOREACH t IN ARRAY ARRAY['students', 'applications', 'offers', 'programmes', 'no_shows', 'placement_policies'] LOOP
    how := CASE WHEN t = 'no_shows' THEN 'by student' ELSE 'by college' END;
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS "changed" '
      'FOR EACH STATEMENT EXECUTE FUNCTION portal_college_changed(%L)', t || '_college_changed_ins', t, how);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS "before_change" NEW TABLE AS "changed" '
      'FOR EACH STATEMENT EXECUTE FUNCTION portal_college_changed(%L)', t || '_college_changed_upd', t, how);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS "changed" '
      'FOR EACH STATEMENT EXECUTE FUNCTION portal_college_changed(%L)', t || '_college_changed_del', t, how);
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE "college_changes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "college_wall" ON "college_changes" TO portal_app USING ("college_id" = ANY (portal_scope()));--> statement-breakpoint
ALTER TABLE "college_change_counts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "college_wall" ON "college_change_counts" TO portal_app USING ("college_id" = ANY (portal_scope()));--> statement-breakpoint
GRANT SELECT ON "college_changes", "college_change_counts" TO portal_app;
