CREATE TABLE "drive_day_coordinators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"drive_day_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"company_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"room_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"assigned_by_id" uuid,
	"assigned_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "drive_day_interviews" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "drive_day_interviews" ADD COLUMN "checked_in_by" text;--> statement-breakpoint
ALTER TABLE "drive_day_interviews" ADD COLUMN "called_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "drive_day_interviews" ADD COLUMN "called_in_by" text;--> statement-breakpoint
ALTER TABLE "drive_day_interviews" ADD COLUMN "checked_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "drive_day_interviews" ADD COLUMN "checked_out_by" text;--> statement-breakpoint
ALTER TABLE "drive_day_interviews" ADD COLUMN "result" text;--> statement-breakpoint
ALTER TABLE "drive_day_interviews" ADD COLUMN "result_by_id" uuid;--> statement-breakpoint
ALTER TABLE "drive_day_interviews" ADD COLUMN "result_by" text;--> statement-breakpoint
ALTER TABLE "drive_day_coordinators" ADD CONSTRAINT "drive_day_coordinators_drive_day_id_drive_days_id_fk" FOREIGN KEY ("drive_day_id") REFERENCES "public"."drive_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_day_coordinators" ADD CONSTRAINT "drive_day_coordinators_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_day_coordinators" ADD CONSTRAINT "drive_day_coordinators_assigned_by_id_accounts_id_fk" FOREIGN KEY ("assigned_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "drive_day_coordinators_key" ON "drive_day_coordinators" USING btree ("drive_day_id","account_id");--> statement-breakpoint
CREATE INDEX "drive_day_coordinators_account_idx" ON "drive_day_coordinators" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE "drive_day_interviews" ADD CONSTRAINT "drive_day_interviews_result_by_id_accounts_id_fk" FOREIGN KEY ("result_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "drive_day_interviews_in_room_key" ON "drive_day_interviews" USING btree ("panel_id") WHERE "drive_day_interviews"."live" and "drive_day_interviews"."called_in_at" is not null and "drive_day_interviews"."checked_out_at" is null;--> statement-breakpoint
-- hand-written: a coordinator assignment is its drive day's, so its college's (docs/architecture.md, "Colleges"): walled as 0027's tables.
GRANT SELECT, INSERT, UPDATE, DELETE ON "drive_day_coordinators" TO portal_app;--> statement-breakpoint
ALTER TABLE "drive_day_coordinators" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "college_wall" ON "drive_day_coordinators" TO portal_app USING (EXISTS (SELECT 1 FROM "drive_days" d WHERE d."id" = "drive_day_id"));
