CREATE TYPE "public"."work_mode" AS ENUM('On-site', 'Hybrid', 'Remote');--> statement-breakpoint
ALTER TYPE "public"."application_stage" ADD VALUE 'Withdrawn';--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "location" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "work_mode" "work_mode" DEFAULT 'On-site' NOT NULL;