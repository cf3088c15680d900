ALTER TABLE "outbox_emails" ADD COLUMN "account_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_emails_account_idx" ON "outbox_emails" USING btree ("account_id");--> statement-breakpoint
-- hand-written: ties the emails queued before this migration to their account where the recipient is the address of exactly one account (its sign-in email now, or one it was asked to change to), so erasing the account finds them by account. Rows no single account matches stay null; erasure also deletes those by every address the account had.
UPDATE "outbox_emails" AS o
SET "account_id" = m."account_id"
FROM (
  SELECT a."address", (array_agg(DISTINCT a."account_id"))[1] AS "account_id"
  FROM (
    SELECT "email" AS "address", "id" AS "account_id" FROM "accounts"
    UNION
    SELECT "new_email", "account_id" FROM "email_change_tokens"
  ) AS a
  GROUP BY a."address"
  HAVING count(DISTINCT a."account_id") = 1
) AS m
WHERE o."account_id" IS NULL AND o."recipient" = m."address";
