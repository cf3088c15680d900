ALTER TABLE "colleges" ADD COLUMN "host" text;--> statement-breakpoint
ALTER TABLE "colleges" ADD CONSTRAINT "colleges_host_unique" UNIQUE("host");