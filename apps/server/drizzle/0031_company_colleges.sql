CREATE TABLE "company_colleges" (
	"company_id" uuid NOT NULL,
	"college_id" integer DEFAULT portal_current_college() NOT NULL,
	"status" "account_status" NOT NULL,
	"status_reason" text DEFAULT '' NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_colleges_company_id_college_id_pk" PRIMARY KEY("company_id","college_id")
);
--> statement-breakpoint
ALTER TABLE "company_status_changes" ADD COLUMN "college_id" integer DEFAULT portal_current_college() NOT NULL;--> statement-breakpoint
ALTER TABLE "job_announcements" ADD COLUMN "colleges" integer[] DEFAULT '{1}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "company_colleges" ADD CONSTRAINT "company_colleges_company_id_companies_account_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_colleges" ADD CONSTRAINT "company_colleges_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_colleges_college_idx" ON "company_colleges" USING btree ("college_id","status");--> statement-breakpoint
ALTER TABLE "company_status_changes" ADD CONSTRAINT "company_status_changes_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- hand-written: every company recruits at the first college as it did before colleges, with its
-- standing and the reason it was given.
INSERT INTO "company_colleges" ("company_id", "college_id", "status", "status_reason", "asked_at", "updated_at")
  SELECT a."id", 1, (CASE WHEN a."status"::text = 'Debarred' THEN 'Suspended' ELSE a."status"::text END)::account_status, c."status_reason", a."created_at", a."updated_at"
  FROM "accounts" a JOIN "companies" c ON c."account_id" = a."id"
  WHERE a."role" = 'company';
--> statement-breakpoint
-- The company account's status is the summary of its standing at its colleges: Allowed where any
-- college allows it, else Pending where any is still to decide, else Suspended, else Rejected. It
-- runs as the function's owner, past the walls: a college's staff decide on their row alone, and
-- the summary reads every row.
CREATE FUNCTION "portal_company_standing"() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
DECLARE
  company uuid := coalesce(NEW."company_id", OLD."company_id");
  standing account_status;
BEGIN
  SELECT CASE
      WHEN bool_or(cc."status" = 'Allowed') THEN 'Allowed'
      WHEN bool_or(cc."status" = 'Pending') THEN 'Pending'
      WHEN bool_or(cc."status" = 'Suspended') THEN 'Suspended'
      WHEN bool_or(cc."status" = 'Rejected') THEN 'Rejected'
      ELSE 'Pending' END::account_status
    INTO standing
    FROM "company_colleges" cc WHERE cc."company_id" = company;
  UPDATE "accounts" SET "status" = standing, "updated_at" = now()
    WHERE "id" = company AND "role" = 'company' AND "status" IS DISTINCT FROM standing;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "company_colleges_standing" AFTER INSERT OR DELETE OR UPDATE OF "status" ON "company_colleges"
  FOR EACH ROW EXECUTE FUNCTION "portal_company_standing"();
--> statement-breakpoint
ALTER TABLE "company_colleges" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "college_wall" ON "company_colleges" TO portal_app USING ("college_id" = ANY (portal_scope()));--> statement-breakpoint
ALTER TABLE "company_status_changes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "college_wall" ON "company_status_changes" TO portal_app USING ("college_id" = ANY (portal_scope()));--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "company_colleges" TO portal_app;
