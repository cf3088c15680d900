-- Custom SQL migration file, put your code below! --
-- hand-written: each server keeps, for a few seconds, the student records it has just read for
-- their students' own pages (modules/students/own-record-copy.ts). A change to anything such a
-- record holds (the account, the student row, internships, projects, notifications, an academic
-- change waiting for approval), by any process, NOTIFYs `student_records_changed` at commit with
-- the students' account ids, comma-separated, or `*` when a statement touched more than 100 (an
-- announcement to a whole batch): every server forgets those records. One notice a statement, not a
-- row: statement-level triggers over the statement's transition table.
CREATE FUNCTION "student_records_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  -- The column naming the student, by table (each branch is planned only when it runs).
  IF TG_ARGV[0] = 'student_id' THEN
    SELECT CASE WHEN count(DISTINCT "student_id") > 100 THEN '*' ELSE string_agg(DISTINCT "student_id"::text, ',') END
      INTO ids FROM "changed";
  ELSIF TG_ARGV[0] = 'account_id' THEN
    SELECT CASE WHEN count(DISTINCT "account_id") > 100 THEN '*' ELSE string_agg(DISTINCT "account_id"::text, ',') END
      INTO ids FROM "changed";
  ELSE
    SELECT CASE WHEN count(DISTINCT "id") > 100 THEN '*' ELSE string_agg(DISTINCT "id"::text, ',') END
      INTO ids FROM "changed";
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM pg_notify('student_records_changed', ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "students_records_ins" AFTER INSERT ON "students" REFERENCING NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "student_records_changed"('account_id');
--> statement-breakpoint
CREATE TRIGGER "students_records_upd" AFTER UPDATE ON "students" REFERENCING NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "student_records_changed"('account_id');
--> statement-breakpoint
CREATE TRIGGER "students_records_del" AFTER DELETE ON "students" REFERENCING OLD TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "student_records_changed"('account_id');
--> statement-breakpoint
CREATE TRIGGER "internships_records_ins" AFTER INSERT ON "internships" REFERENCING NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "student_records_changed"('student_id');
--> statement-breakpoint
CREATE TRIGGER "internships_records_upd" AFTER UPDATE ON "internships" REFERENCING NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "student_records_changed"('student_id');
--> statement-breakpoint
CREATE TRIGGER "internships_records_del" AFTER DELETE ON "internships" REFERENCING OLD TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "student_records_changed"('student_id');
--> statement-breakpoint
CREATE TRIGGER "projects_records_ins" AFTER INSERT ON "projects" REFERENCING NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "student_records_changed"('student_id');
--> statement-breakpoint
CREATE TRIGGER "projects_records_upd" AFTER UPDATE ON "projects" REFERENCING NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "student_records_changed"('student_id');
--> statement-breakpoint
CREATE TRIGGER "projects_records_del" AFTER DELETE ON "projects" REFERENCING OLD TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "student_records_changed"('student_id');
--> statement-breakpoint
CREATE TRIGGER "notifications_records_ins" AFTER INSERT ON "notifications" REFERENCING NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "student_records_changed"('account_id');
--> statement-breakpoint
CREATE TRIGGER "notifications_records_upd" AFTER UPDATE ON "notifications" REFERENCING NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "student_records_changed"('account_id');
--> statement-breakpoint
CREATE TRIGGER "notifications_records_del" AFTER DELETE ON "notifications" REFERENCING OLD TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "student_records_changed"('account_id');
--> statement-breakpoint
CREATE TRIGGER "academic_change_requests_records_ins" AFTER INSERT ON "academic_change_requests" REFERENCING NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "student_records_changed"('student_id');
--> statement-breakpoint
CREATE TRIGGER "academic_change_requests_records_upd" AFTER UPDATE ON "academic_change_requests" REFERENCING NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "student_records_changed"('student_id');
--> statement-breakpoint
CREATE TRIGGER "academic_change_requests_records_del" AFTER DELETE ON "academic_change_requests" REFERENCING OLD TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "student_records_changed"('student_id');
--> statement-breakpoint
CREATE TRIGGER "accounts_records_upd" AFTER UPDATE ON "accounts" REFERENCING NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "student_records_changed"('id');
--> statement-breakpoint
CREATE TRIGGER "accounts_records_del" AFTER DELETE ON "accounts" REFERENCING OLD TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "student_records_changed"('id');
