CREATE TABLE "live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_events" ADD CONSTRAINT "live_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_events_account_idx" ON "live_events" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "live_events_created_idx" ON "live_events" USING btree ("created_at");--> statement-breakpoint
-- hand-written: every instance LISTENs on `live_events` and is told each new row when its
-- transaction commits (NOTIFY is transactional), so a change made on one instance reaches the
-- streams held by another without any other service. The row goes as JSON (its payload is a few
-- ids, far below NOTIFY's 8000 bytes), so the instance holding a stream of that account sends it
-- without reading the table; a payload too long goes as the id alone, and that instance reads it.
CREATE FUNCTION live_events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  message text := json_build_object('id', NEW.id, 'a', NEW.account_id, 'k', NEW.kind, 'p', NEW.payload)::text;
BEGIN
  IF octet_length(message) > 7900 THEN
    message := json_build_object('id', NEW.id, 'a', NEW.account_id)::text;
  END IF;
  PERFORM pg_notify('live_events', message);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER live_events_notify AFTER INSERT ON live_events
  FOR EACH ROW EXECUTE FUNCTION live_events_notify();
--> statement-breakpoint
-- hand-written: a session that ends (sign-out, a password change ending the others, erasure) closes
-- its live streams on every instance at once; sessions that merely expire are found by the hub's
-- periodic check.
CREATE FUNCTION live_sessions_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('live_sessions_ended', OLD.token_hash);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER live_sessions_ended AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION live_sessions_ended();
-- hand-written
--> statement-breakpoint
-- hand-written: an account's live events are walled as its notifications are (docs/architecture.md, "Colleges").
GRANT SELECT, INSERT, UPDATE, DELETE ON "live_events" TO portal_app;--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO portal_app;--> statement-breakpoint
ALTER TABLE "live_events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "college_wall" ON "live_events" TO portal_app USING (EXISTS (SELECT 1 FROM "accounts" a WHERE a."id" = "account_id"));
