CREATE TYPE "public"."drive_day_status" AS ENUM('draft', 'published');--> statement-breakpoint
CREATE TABLE "drive_day_interviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"drive_day_id" uuid NOT NULL,
	"panel_id" uuid NOT NULL,
	"slot" integer NOT NULL,
	"student_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"calendar_uid" text NOT NULL,
	"calendar_sequence" integer DEFAULT 0 NOT NULL,
	"live" boolean DEFAULT true NOT NULL,
	"booked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drive_day_panels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"drive_day_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"stage" "application_stage" NOT NULL,
	"room_id" uuid,
	"online_link" text DEFAULT '' NOT NULL,
	"interviewers" text[] NOT NULL,
	"slot_minutes" integer NOT NULL,
	"buffer_minutes" integer NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	"closed_from" integer,
	"delays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"self_booking" boolean DEFAULT false NOT NULL,
	"booking_deadline" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drive_day_rankings" (
	"drive_day_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"rank" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drive_day_rankings_drive_day_id_application_id_pk" PRIMARY KEY("drive_day_id","application_id")
);
--> statement-breakpoint
CREATE TABLE "drive_day_rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"drive_day_id" uuid NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drive_day_shortlists" (
	"drive_day_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "drive_day_shortlists_drive_day_id_application_id_pk" PRIMARY KEY("drive_day_id","application_id")
);
--> statement-breakpoint
CREATE TABLE "drive_days" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"college_id" integer DEFAULT portal_current_college() NOT NULL,
	"date" date NOT NULL,
	"status" "drive_day_status" DEFAULT 'draft' NOT NULL,
	"gap_minutes" integer DEFAULT 10 NOT NULL,
	"ranking_cutoff" timestamp with time zone NOT NULL,
	"preview" jsonb,
	"published" jsonb,
	"declared_by_id" uuid,
	"declared_by_name" text NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "no_shows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"interview_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"marked_by_id" uuid,
	"marked_by_name" text NOT NULL,
	"marked_at" timestamp with time zone NOT NULL,
	"waived_reason" text,
	"waived_by_id" uuid,
	"waived_by_name" text,
	"waived_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "placement_policies" ADD COLUMN "no_show_limit" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "placement_policies" ADD COLUMN "no_show_debar_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "placement_policies" ADD COLUMN "drive_day_higher_tiers_first" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "drive_day_interviews" ADD CONSTRAINT "drive_day_interviews_drive_day_id_drive_days_id_fk" FOREIGN KEY ("drive_day_id") REFERENCES "public"."drive_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_day_interviews" ADD CONSTRAINT "drive_day_interviews_panel_id_drive_day_panels_id_fk" FOREIGN KEY ("panel_id") REFERENCES "public"."drive_day_panels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_day_interviews" ADD CONSTRAINT "drive_day_interviews_student_id_students_account_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_day_interviews" ADD CONSTRAINT "drive_day_interviews_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_day_panels" ADD CONSTRAINT "drive_day_panels_drive_day_id_drive_days_id_fk" FOREIGN KEY ("drive_day_id") REFERENCES "public"."drive_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_day_panels" ADD CONSTRAINT "drive_day_panels_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_day_panels" ADD CONSTRAINT "drive_day_panels_room_id_drive_day_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."drive_day_rooms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_day_rankings" ADD CONSTRAINT "drive_day_rankings_drive_day_id_drive_days_id_fk" FOREIGN KEY ("drive_day_id") REFERENCES "public"."drive_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_day_rankings" ADD CONSTRAINT "drive_day_rankings_student_id_students_account_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_day_rankings" ADD CONSTRAINT "drive_day_rankings_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_day_rooms" ADD CONSTRAINT "drive_day_rooms_drive_day_id_drive_days_id_fk" FOREIGN KEY ("drive_day_id") REFERENCES "public"."drive_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_day_shortlists" ADD CONSTRAINT "drive_day_shortlists_drive_day_id_drive_days_id_fk" FOREIGN KEY ("drive_day_id") REFERENCES "public"."drive_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_day_shortlists" ADD CONSTRAINT "drive_day_shortlists_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_days" ADD CONSTRAINT "drive_days_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_days" ADD CONSTRAINT "drive_days_declared_by_id_accounts_id_fk" FOREIGN KEY ("declared_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_shows" ADD CONSTRAINT "no_shows_interview_id_drive_day_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."drive_day_interviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_shows" ADD CONSTRAINT "no_shows_student_id_students_account_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_shows" ADD CONSTRAINT "no_shows_marked_by_id_accounts_id_fk" FOREIGN KEY ("marked_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_shows" ADD CONSTRAINT "no_shows_waived_by_id_accounts_id_fk" FOREIGN KEY ("waived_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "drive_day_interviews_slot_key" ON "drive_day_interviews" USING btree ("panel_id","slot") WHERE "drive_day_interviews"."live";--> statement-breakpoint
CREATE UNIQUE INDEX "drive_day_interviews_application_key" ON "drive_day_interviews" USING btree ("drive_day_id","application_id") WHERE "drive_day_interviews"."live";--> statement-breakpoint
CREATE INDEX "drive_day_interviews_student_idx" ON "drive_day_interviews" USING btree ("student_id","start_at");--> statement-breakpoint
CREATE INDEX "drive_day_panels_day_idx" ON "drive_day_panels" USING btree ("drive_day_id","job_id");--> statement-breakpoint
CREATE INDEX "drive_day_rankings_student_idx" ON "drive_day_rankings" USING btree ("student_id","drive_day_id");--> statement-breakpoint
CREATE UNIQUE INDEX "drive_day_rooms_name_key" ON "drive_day_rooms" USING btree ("drive_day_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "drive_days_college_date_key" ON "drive_days" USING btree ("college_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "no_shows_interview_key" ON "no_shows" USING btree ("interview_id");--> statement-breakpoint
CREATE INDEX "no_shows_student_idx" ON "no_shows" USING btree ("student_id","marked_at");--> statement-breakpoint
-- hand-written: a drive day is its college's (docs/architecture.md, "Colleges"): walled as 0026's tables.
GRANT SELECT, INSERT, UPDATE, DELETE ON "drive_days", "drive_day_rooms", "drive_day_panels", "drive_day_shortlists", "drive_day_rankings", "drive_day_interviews", "no_shows" TO portal_app;--> statement-breakpoint
ALTER TABLE "drive_days" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "college_wall" ON "drive_days" TO portal_app USING ("college_id" = ANY (portal_scope()));--> statement-breakpoint
ALTER TABLE "drive_day_rooms" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "college_wall" ON "drive_day_rooms" TO portal_app USING (EXISTS (SELECT 1 FROM "drive_days" d WHERE d."id" = "drive_day_id"));--> statement-breakpoint
ALTER TABLE "drive_day_panels" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "college_wall" ON "drive_day_panels" TO portal_app USING (EXISTS (SELECT 1 FROM "drive_days" d WHERE d."id" = "drive_day_id"));--> statement-breakpoint
ALTER TABLE "drive_day_shortlists" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "college_wall" ON "drive_day_shortlists" TO portal_app USING (EXISTS (SELECT 1 FROM "drive_days" d WHERE d."id" = "drive_day_id"));--> statement-breakpoint
ALTER TABLE "drive_day_rankings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "college_wall" ON "drive_day_rankings" TO portal_app USING (EXISTS (SELECT 1 FROM "drive_days" d WHERE d."id" = "drive_day_id"));--> statement-breakpoint
ALTER TABLE "drive_day_interviews" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "college_wall" ON "drive_day_interviews" TO portal_app USING (EXISTS (SELECT 1 FROM "drive_days" d WHERE d."id" = "drive_day_id"));--> statement-breakpoint
ALTER TABLE "no_shows" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "college_wall" ON "no_shows" TO portal_app USING (EXISTS (SELECT 1 FROM "students" s WHERE s."account_id" = "student_id"));
