ALTER TABLE "students" ALTER COLUMN "roll_number" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "college_settings" ADD COLUMN "roll_number_format" text DEFAULT '[A-Za-z0-9/-]+' NOT NULL;--> statement-breakpoint
CREATE INDEX "students_roll_number_upper_idx" ON "students" USING btree (upper("roll_number"));