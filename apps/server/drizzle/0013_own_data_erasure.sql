ALTER TYPE "public"."account_status" ADD VALUE 'Erased';--> statement-breakpoint
ALTER TABLE "college_settings" ADD COLUMN "retention_months" integer;