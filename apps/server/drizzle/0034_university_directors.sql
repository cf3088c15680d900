CREATE TABLE "university_directors" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"appointed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "university_directors" ADD CONSTRAINT "university_directors_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written: walled requests (a director's own) read whether they are one.
GRANT SELECT ON "university_directors" TO portal_app;
