CREATE TYPE "public"."student_import_status" AS ENUM('pending', 'applied', 'discarded');--> statement-breakpoint
CREATE TABLE "student_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"status" "student_import_status" DEFAULT 'pending' NOT NULL,
	"rows" jsonb NOT NULL,
	"error_count" integer NOT NULL,
	"plan_digest" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "student_imports" ADD CONSTRAINT "student_imports_staff_id_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_imports_created_idx" ON "student_imports" USING btree ("created_at");