CREATE TYPE "public"."email_change_link_purpose" AS ENUM('confirm', 'answer');--> statement-breakpoint
CREATE TYPE "public"."email_change_state" AS ENUM('AwaitingStudent', 'AwaitingSecondApproval', 'Waiting', 'AwaitingConfirmation', 'Confirmed', 'Declined', 'Void', 'Replaced');--> statement-breakpoint
CREATE TABLE "email_change_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"new_email" text NOT NULL,
	"state" "email_change_state" DEFAULT 'AwaitingStudent' NOT NULL,
	"requested_by_id" uuid,
	"requested_by_name" text NOT NULL,
	"lost_address_by_id" uuid,
	"lost_address_by_name" text DEFAULT '' NOT NULL,
	"second_approver_id" uuid,
	"second_approver_name" text DEFAULT '' NOT NULL,
	"due_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_change_tokens" ADD COLUMN "request_id" uuid;--> statement-breakpoint
ALTER TABLE "email_change_tokens" ADD COLUMN "purpose" "email_change_link_purpose" DEFAULT 'confirm' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_change_requests" ADD CONSTRAINT "email_change_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_change_requests" ADD CONSTRAINT "email_change_requests_requested_by_id_accounts_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_change_requests" ADD CONSTRAINT "email_change_requests_lost_address_by_id_accounts_id_fk" FOREIGN KEY ("lost_address_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_change_requests" ADD CONSTRAINT "email_change_requests_second_approver_id_accounts_id_fk" FOREIGN KEY ("second_approver_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_change_requests_account_idx" ON "email_change_requests" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "email_change_requests_open_key" ON "email_change_requests" USING btree ("account_id") WHERE "email_change_requests"."state" in ('AwaitingStudent', 'AwaitingSecondApproval', 'Waiting', 'AwaitingConfirmation');--> statement-breakpoint
CREATE INDEX "email_change_requests_due_idx" ON "email_change_requests" USING btree ("due_at") WHERE "email_change_requests"."state" = 'Waiting';--> statement-breakpoint
ALTER TABLE "email_change_tokens" ADD CONSTRAINT "email_change_tokens_request_id_email_change_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."email_change_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written: one email is one account across the three roles (the schema's "accounts_email_key"
-- replaces the per-role "accounts_role_email_key"). drizzle-kit generated a plain DROP INDEX and
-- CREATE UNIQUE INDEX, which would fail on a deployment where one email already signs in as two
-- roles, so those two statements were moved here: the index on the email alone is created (and the
-- per-role one dropped) only when no email is held twice; otherwise the per-role index stays, a
-- NOTICE says so, and the application's check (auth signup, email changes, imports) keeps new
-- duplicates out. docs/architecture.md ("One email, one account") says how to finish by hand.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM "accounts" GROUP BY "email" HAVING count(*) > 1) THEN
    RAISE NOTICE 'accounts: an email signs in as more than one role, so "accounts_email_key" was not created and "accounts_role_email_key" stays. See docs/architecture.md, "One email, one account".';
  ELSE
    BEGIN
      CREATE UNIQUE INDEX "accounts_email_key" ON "accounts" USING btree ("email");
      DROP INDEX "accounts_role_email_key";
    EXCEPTION WHEN unique_violation THEN
      RAISE NOTICE 'accounts: an email was taken twice while migrating, so "accounts_role_email_key" stays.';
    END;
  END IF;
END $$;
