CREATE TABLE "student_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"field" text NOT NULL,
	"old_value" text NOT NULL,
	"new_value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "student_audit_log" ADD CONSTRAINT "student_audit_log_student_id_students_account_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_audit_log" ADD CONSTRAINT "student_audit_log_actor_id_accounts_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_audit_log_student_idx" ON "student_audit_log" USING btree ("student_id","created_at");