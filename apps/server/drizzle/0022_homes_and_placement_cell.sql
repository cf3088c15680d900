ALTER TABLE "college_settings" ADD COLUMN "placement_cell_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "college_settings" ADD COLUMN "placement_cell_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "college_settings" ADD COLUMN "placement_cell_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "college_settings" ADD COLUMN "placement_cell_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "link" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "application_events_created_idx" ON "application_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "applications_schedule_at_idx" ON "applications" USING btree ("schedule_at") WHERE "applications"."schedule_at" is not null;