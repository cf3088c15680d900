CREATE TABLE "password_signin" (
	"college_id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"students" boolean DEFAULT true NOT NULL,
	"staff" boolean DEFAULT true NOT NULL,
	"updated_by_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_signins" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"college_id" integer DEFAULT 1 NOT NULL,
	"provider_id" uuid NOT NULL,
	"role" "account_role" NOT NULL,
	"state" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signin_providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"college_id" integer DEFAULT 1 NOT NULL,
	"kind" text NOT NULL,
	"display_name" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret" text NOT NULL,
	"allowed_domains" text[] NOT NULL,
	"roles" "account_role"[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "password_signin" ADD CONSTRAINT "password_signin_college_id_college_settings_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."college_settings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_signin" ADD CONSTRAINT "password_signin_updated_by_id_accounts_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_signins" ADD CONSTRAINT "provider_signins_college_id_college_settings_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."college_settings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_signins" ADD CONSTRAINT "provider_signins_provider_id_signin_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."signin_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signin_providers" ADD CONSTRAINT "signin_providers_college_id_college_settings_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."college_settings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signin_providers" ADD CONSTRAINT "signin_providers_updated_by_id_accounts_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_signins_expires_idx" ON "provider_signins" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "signin_providers_college_idx" ON "signin_providers" USING btree ("college_id");--> statement-breakpoint
-- hand-written: a college's sign-in settings are its own (docs/architecture.md, "Colleges").
GRANT SELECT, INSERT, UPDATE, DELETE ON "signin_providers", "password_signin", "provider_signins" TO portal_app;--> statement-breakpoint
ALTER TABLE "signin_providers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "college_wall" ON "signin_providers" TO portal_app USING ("college_id" = ANY (portal_scope()));--> statement-breakpoint
ALTER TABLE "password_signin" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "college_wall" ON "password_signin" TO portal_app USING ("college_id" = ANY (portal_scope()));--> statement-breakpoint
ALTER TABLE "provider_signins" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "college_wall" ON "provider_signins" TO portal_app USING ("college_id" = ANY (portal_scope()));
