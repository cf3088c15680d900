CREATE TABLE "job_announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"sender" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"verified_only" boolean NOT NULL,
	"min_cgpa" double precision,
	"degrees" text[] NOT NULL,
	"years" integer[] NOT NULL,
	"after_student_id" uuid,
	"delivered" integer DEFAULT 0 NOT NULL,
	"lease_token" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_announcements" ADD CONSTRAINT "job_announcements_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_announcements_due_idx" ON "job_announcements" USING btree ("next_attempt_at") WHERE "job_announcements"."done_at" is null;--> statement-breakpoint
CREATE INDEX "job_announcements_done_idx" ON "job_announcements" USING btree ("done_at");--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("created_at");