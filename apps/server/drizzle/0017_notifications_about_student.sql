ALTER TABLE "notifications" ADD COLUMN "about_student_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_about_student_id_accounts_id_fk" FOREIGN KEY ("about_student_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_about_student_idx" ON "notifications" USING btree ("about_student_id") WHERE "notifications"."about_student_id" is not null;--> statement-breakpoint
-- hand-written: notifications written before this column named their student only in the text. A
-- company's notification whose text holds the full name of one of its applicants is about that
-- student, so it is hidden with the others while the company may not see students.
UPDATE "notifications" AS n
SET "about_student_id" = a."student_id"
FROM "applications" AS a
JOIN "jobs" AS j ON j."id" = a."job_id"
JOIN "accounts" AS s ON s."id" = a."student_id"
WHERE j."company_id" = n."account_id"
  AND n."about_student_id" IS NULL
  AND position((s."first_name" || ' ' || s."last_name") IN n."body") > 0;
