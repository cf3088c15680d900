CREATE TYPE "public"."change_request_status" AS ENUM('Pending', 'Approved', 'Rejected');--> statement-breakpoint
CREATE TYPE "public"."record_view_kind" AS ENUM('record', 'resume');--> statement-breakpoint
ALTER TYPE "public"."account_status" ADD VALUE 'Pending';--> statement-breakpoint
ALTER TYPE "public"."account_status" ADD VALUE 'Rejected';--> statement-breakpoint
CREATE TABLE "academic_change_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"old_values" jsonb NOT NULL,
	"new_values" jsonb NOT NULL,
	"status" "change_request_status" DEFAULT 'Pending' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"decided_by_id" uuid,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "college_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"require_verified_academics" boolean DEFAULT false NOT NULL,
	"updated_by_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_status_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"status" "account_status" NOT NULL,
	"reason" text NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_change_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"account_id" uuid NOT NULL,
	"new_email" text NOT NULL,
	"requested_by_id" uuid,
	"requested_by_name" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"replaced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"viewer_id" uuid,
	"viewer_name" text NOT NULL,
	"what" "record_view_kind" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "eligibility_snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "status_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "academics_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "academics_verified_by_id" uuid;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "academics_verified_by_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "academic_change_requests" ADD CONSTRAINT "academic_change_requests_student_id_students_account_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "academic_change_requests" ADD CONSTRAINT "academic_change_requests_decided_by_id_accounts_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "college_settings" ADD CONSTRAINT "college_settings_updated_by_id_accounts_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_status_changes" ADD CONSTRAINT "company_status_changes_company_id_companies_account_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_status_changes" ADD CONSTRAINT "company_status_changes_actor_id_accounts_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_change_tokens" ADD CONSTRAINT "email_change_tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_change_tokens" ADD CONSTRAINT "email_change_tokens_requested_by_id_accounts_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_views" ADD CONSTRAINT "record_views_student_id_students_account_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_views" ADD CONSTRAINT "record_views_viewer_id_accounts_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "academic_change_requests_status_idx" ON "academic_change_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "academic_change_requests_one_pending_key" ON "academic_change_requests" USING btree ("student_id") WHERE "academic_change_requests"."status" = 'Pending';--> statement-breakpoint
CREATE INDEX "company_status_changes_company_idx" ON "company_status_changes" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "email_change_tokens_hash_key" ON "email_change_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_change_tokens_account_idx" ON "email_change_tokens" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "record_views_student_idx" ON "record_views" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "record_views_viewer_idx" ON "record_views" USING btree ("viewer_id","student_id","created_at");--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_academics_verified_by_id_accounts_id_fk" FOREIGN KEY ("academics_verified_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The settings row every deployment has; the settings page only ever updates it.
INSERT INTO "college_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
