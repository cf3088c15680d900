-- Custom SQL migration file, put your code below! --
-- hand-written: every server keeps a copy of the colleges (their slugs and host names, read by each
-- request without a session); a change to them, by `npm run college`, another server or by hand,
-- NOTIFYs `colleges_changed` once per statement at commit, and each server drops its copy at once
-- instead of reading it again up to a minute later (docs/architecture.md, "Colleges").
CREATE FUNCTION "colleges_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('colleges_changed', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "colleges_changed" AFTER INSERT OR UPDATE OR DELETE ON "colleges"
  FOR EACH STATEMENT EXECUTE FUNCTION "colleges_changed"();
