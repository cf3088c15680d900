ALTER TABLE "company_colleges" ADD COLUMN "approved_name" text;--> statement-breakpoint
ALTER TABLE "company_name_changes" ADD COLUMN "college_id" integer;--> statement-breakpoint
ALTER TABLE "company_name_changes" ADD CONSTRAINT "company_name_changes_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- hand-written: a company's new name is approved by each college that approved the company
-- (contracts/companies.ts `nameApprovers`), on its own row, before students anywhere see it. A
-- college's staff run walled to their own row; how many approving colleges have not yet approved
-- the name is read past the walls by this function (as the company's standing is, migration 0031),
-- inside the deciding transaction after the company's row is locked, so two colleges approving at
-- once cannot both see the other still to decide.
CREATE FUNCTION "portal_company_name_outstanding"(company uuid, asked text, approvers account_status[])
  RETURNS integer LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT count(*)::integer FROM "company_colleges" cc
    WHERE cc."company_id" = company AND cc."status" = ANY (approvers)
      AND cc."approved_name" IS DISTINCT FROM asked
  $$;
--> statement-breakpoint
-- The trail of a name now holds each college's decisions: each college's staff read their own
-- and the company's asks (college null).
ALTER TABLE "company_name_changes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "college_wall" ON "company_name_changes" TO portal_app
  USING (coalesce("college_id", 0) = ANY ((SELECT portal_scope() || 0)::integer[]));
