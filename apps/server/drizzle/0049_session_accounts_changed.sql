-- Custom SQL migration file, put your code below! --
-- hand-written: each server keeps, for a few seconds, the account behind a session it has just
-- read (modules/auth/session-cache.ts). Whatever that copy holds changing, by any process (a
-- placement officer's suspension, an erasure, a company's approval at a college, `npm run
-- college`, a hand-written UPDATE), NOTIFYs `session_accounts_changed` with the account's id at
-- commit, and every server forgets that account's sessions at once; a session that ends already
-- NOTIFYs `live_sessions_ended` (migration 0029).
CREATE FUNCTION "session_accounts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'accounts' THEN
    PERFORM pg_notify('session_accounts_changed', OLD.id::text);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('session_accounts_changed', NEW.company_id::text);
  ELSE
    PERFORM pg_notify('session_accounts_changed', OLD.company_id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "session_accounts_changed" AFTER UPDATE ON "accounts"
  FOR EACH ROW
  WHEN ((OLD.role, OLD.status, OLD.first_name, OLD.last_name, OLD.email, OLD.college_id)
    IS DISTINCT FROM (NEW.role, NEW.status, NEW.first_name, NEW.last_name, NEW.email, NEW.college_id))
  EXECUTE FUNCTION "session_accounts_changed"();
--> statement-breakpoint
CREATE TRIGGER "session_accounts_deleted" AFTER DELETE ON "accounts"
  FOR EACH ROW EXECUTE FUNCTION "session_accounts_changed"();
--> statement-breakpoint
CREATE TRIGGER "session_accounts_changed" AFTER INSERT OR UPDATE OR DELETE ON "company_colleges"
  FOR EACH ROW EXECUTE FUNCTION "session_accounts_changed"();
