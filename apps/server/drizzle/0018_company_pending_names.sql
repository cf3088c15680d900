CREATE TYPE "public"."company_name_event" AS ENUM('Renamed', 'Requested', 'Withdrawn', 'Approved', 'Rejected');--> statement-breakpoint
CREATE TABLE "company_name_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"event" "company_name_event" NOT NULL,
	"from_name" text NOT NULL,
	"to_name" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "pending_name" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "pending_name_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_name_changes" ADD CONSTRAINT "company_name_changes_company_id_companies_account_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_name_changes" ADD CONSTRAINT "company_name_changes_actor_id_accounts_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_name_changes_company_idx" ON "company_name_changes" USING btree ("company_id","created_at");