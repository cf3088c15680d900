CREATE TYPE "public"."event_audience" AS ENUM('college', 'eligible', 'stage');--> statement-breakpoint
CREATE TYPE "public"."event_kind" AS ENUM('Pre-placement talk', 'Test', 'Group discussion');--> statement-breakpoint
CREATE TYPE "public"."event_registration_status" AS ENUM('registered', 'waiting');--> statement-breakpoint
CREATE TABLE "event_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"status" "event_registration_status" NOT NULL,
	"registered_at" timestamp with time zone NOT NULL,
	"seq" bigserial NOT NULL,
	"attended_at" timestamp with time zone,
	"attendance_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"college_id" integer DEFAULT portal_current_college() NOT NULL,
	"kind" "event_kind" NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	"online_link" text DEFAULT '' NOT NULL,
	"capacity" integer NOT NULL,
	"audience" "event_audience" NOT NULL,
	"job_id" uuid,
	"stage" "application_stage",
	"company_id" uuid,
	"created_by_id" uuid,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "required_event_id" uuid;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_student_id_students_account_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_attendance_by_id_accounts_id_fk" FOREIGN KEY ("attendance_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_company_id_companies_account_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_created_by_id_accounts_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_registrations_key" ON "event_registrations" USING btree ("event_id","student_id");--> statement-breakpoint
CREATE INDEX "event_registrations_student_idx" ON "event_registrations" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "events_college_starts_idx" ON "events" USING btree ("college_id","starts_at");--> statement-breakpoint
CREATE INDEX "events_company_idx" ON "events" USING btree ("company_id");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_required_event_id_events_id_fk" FOREIGN KEY ("required_event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- hand-written: an event is its college's (docs/architecture.md, "Colleges"): walled as 0026's tables;
-- a registration through its event.
GRANT SELECT, INSERT, UPDATE, DELETE ON "events", "event_registrations" TO portal_app;--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO portal_app;--> statement-breakpoint
ALTER TABLE "events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "college_wall" ON "events" TO portal_app USING ("college_id" = ANY (portal_scope()));--> statement-breakpoint
ALTER TABLE "event_registrations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "college_wall" ON "event_registrations" TO portal_app USING (EXISTS (SELECT 1 FROM "events" e WHERE e."id" = "event_id"));
