CREATE TYPE "public"."job_type" AS ENUM('Full-time', 'Internship');--> statement-breakpoint
CREATE TYPE "public"."offer_state" AS ENUM('Offered', 'Accepted', 'Declined', 'Lapsed', 'Withdrawn', 'Revoked');--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"package" double precision NOT NULL,
	"decide_by" date NOT NULL,
	"state" "offer_state" DEFAULT 'Offered' NOT NULL,
	"tier_name" text NOT NULL,
	"policy_version" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "placement_policies" (
	"version" integer PRIMARY KEY NOT NULL,
	"max_accepted_offers" integer NOT NULL,
	"tiers" jsonb NOT NULL,
	"higher_tier_after_placed" boolean NOT NULL,
	"internships_count" boolean NOT NULL,
	"decision_days" integer NOT NULL,
	"created_by_id" uuid,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_events" ADD COLUMN "offer_state" "offer_state";--> statement-breakpoint
ALTER TABLE "application_events" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "type" "job_type" DEFAULT 'Full-time' NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "package" double precision;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "debar_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "debarred_until" date;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_student_id_students_account_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_policies" ADD CONSTRAINT "placement_policies_created_by_id_accounts_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offers_application_key" ON "offers" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "offers_student_state_idx" ON "offers" USING btree ("student_id","state");--> statement-breakpoint
CREATE INDEX "offers_open_decide_by_idx" ON "offers" USING btree ("decide_by") WHERE "offers"."state" = 'Offered';--> statement-breakpoint
-- Version 1 of the policy: the defaults every deployment starts with.
INSERT INTO "placement_policies" ("version", "max_accepted_offers", "tiers", "higher_tier_after_placed", "internships_count", "decision_days", "created_by_name")
VALUES (1, 1, '[{"name":"Regular","minPackage":0}]'::jsonb, true, false, 7, 'Default policy')
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Offers made before this release placed the student at once: they become Accepted offers, so the
-- placement record still follows from the accepted offers.
INSERT INTO "offers" ("application_id", "student_id", "job_id", "package", "decide_by", "state", "tier_name", "policy_version", "decided_at", "created_at")
SELECT a."id", a."student_id", a."job_id", a."package_offered", (a."updated_at" AT TIME ZONE 'UTC')::date, 'Accepted', 'Regular', 1, a."updated_at", a."updated_at"
FROM "applications" a
WHERE a."stage" = 'Offer Letter' AND a."package_offered" IS NOT NULL
ON CONFLICT DO NOTHING;
