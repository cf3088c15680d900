CREATE TABLE "degree_mappings" (
	"text_key" text PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"programme_id" uuid NOT NULL,
	"mapped_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programmes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"level" text NOT NULL,
	"degree" text NOT NULL,
	"branch" text DEFAULT '' NOT NULL,
	"duration_years" integer NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "students" ALTER COLUMN "roll_number" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "college_settings" ADD COLUMN "roll_number_format" text DEFAULT '[A-Za-z0-9/-]+' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_announcements" ADD COLUMN "programmes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "eligible_programmes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "programme_id" uuid;--> statement-breakpoint
ALTER TABLE "degree_mappings" ADD CONSTRAINT "degree_mappings_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."programmes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "degree_mappings" ADD CONSTRAINT "degree_mappings_mapped_by_id_accounts_id_fk" FOREIGN KEY ("mapped_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "programmes_code_key" ON "programmes" USING btree ("code");--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."programmes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "students_roll_number_upper_idx" ON "students" USING btree (upper("roll_number"));--> statement-breakpoint
CREATE INDEX "students_programme_idx" ON "students" USING btree ("programme_id");--> statement-breakpoint
-- hand-written: the default catalogue, then existing free text mapped to it (contracts/programmes.ts
-- programmeForText, in SQL: a text names a programme by its code, its name, its degree with a
-- branch's short form or common words, or its degree alone when the catalogue has one of it).
INSERT INTO "programmes" ("code", "level", "degree", "branch", "duration_years") VALUES
  ('BTECH-CSE', 'Undergraduate', 'B.Tech', 'Computer Science and Engineering', 4),
  ('BTECH-ECE', 'Undergraduate', 'B.Tech', 'Electronics and Communication Engineering', 4),
  ('BTECH-EEE', 'Undergraduate', 'B.Tech', 'Electrical and Electronics Engineering', 4),
  ('BTECH-ME', 'Undergraduate', 'B.Tech', 'Mechanical Engineering', 4),
  ('BTECH-CE', 'Undergraduate', 'B.Tech', 'Civil Engineering', 4),
  ('BTECH-IT', 'Undergraduate', 'B.Tech', 'Information Technology', 4),
  ('BE-CSE', 'Undergraduate', 'B.E.', 'Computer Science and Engineering', 4),
  ('BE-ECE', 'Undergraduate', 'B.E.', 'Electronics and Communication Engineering', 4),
  ('BE-EEE', 'Undergraduate', 'B.E.', 'Electrical and Electronics Engineering', 4),
  ('BE-ME', 'Undergraduate', 'B.E.', 'Mechanical Engineering', 4),
  ('BE-CE', 'Undergraduate', 'B.E.', 'Civil Engineering', 4),
  ('BE-IT', 'Undergraduate', 'B.E.', 'Information Technology', 4),
  ('BSC-CS', 'Undergraduate', 'B.Sc', 'Computer Science', 3),
  ('BCA', 'Undergraduate', 'BCA', '', 3),
  ('MTECH-CSE', 'Postgraduate', 'M.Tech', 'Computer Science and Engineering', 2),
  ('MTECH-ECE', 'Postgraduate', 'M.Tech', 'Electronics and Communication Engineering', 2),
  ('MSC-CS', 'Postgraduate', 'M.Sc', 'Computer Science', 2),
  ('MCA', 'Postgraduate', 'MCA', '', 2),
  ('MBA', 'Postgraduate', 'MBA', '', 2),
  ('DIPLOMA-CSE', 'Diploma', 'Diploma', 'Computer Science and Engineering', 3),
  ('DIPLOMA-ME', 'Diploma', 'Diploma', 'Mechanical Engineering', 3),
  ('PHD', 'Doctorate', 'Ph.D', '', 5)
ON CONFLICT ("code") DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "degree_match_key"(text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ select regexp_replace(lower($1), '[^a-z0-9]', '', 'g') $$;
--> statement-breakpoint
-- The programme one degree text names, or null (contracts/programmes.ts programmeForText, and a
-- mapping staff made on the "Unmapped degrees" screen first).
CREATE FUNCTION "programme_for_degree"(text) RETURNS uuid
  LANGUAGE sql STABLE STRICT
  AS $$
  WITH "k" AS (SELECT degree_match_key($1) AS "key"),
  "words" ("short", "word") AS (VALUES
    ('CSE', 'cs'), ('CSE', 'computerscience'), ('CSE', 'computerscienceengineering'), ('CSE', 'computerscienceandengineering'),
    ('ECE', 'ec'), ('ECE', 'electronics'), ('ECE', 'electronicsandcommunication'), ('ECE', 'electronicsandcommunicationengineering'),
    ('EEE', 'ee'), ('EEE', 'electrical'), ('EEE', 'electricalandelectronics'), ('EEE', 'electricalandelectronicsengineering'),
    ('ME', 'mech'), ('ME', 'mechanical'), ('ME', 'mechanicalengineering'),
    ('CE', 'civil'), ('CE', 'civilengineering'),
    ('IT', 'informationtechnology')),
  "direct" AS (
    SELECT p."id" FROM "programmes" p, "k"
    WHERE "k"."key" <> '' AND (
      degree_match_key(p."code") = "k"."key"
      OR degree_match_key(p."degree" || p."branch") = "k"."key"
      OR (strpos(p."code", '-') > 0 AND (
        degree_match_key(p."degree") || degree_match_key(substr(p."code", strpos(p."code", '-') + 1)) = "k"."key"
        OR EXISTS (SELECT 1 FROM "words" w
                   WHERE w."short" = upper(replace(substr(p."code", strpos(p."code", '-') + 1), '-', ''))
                     AND degree_match_key(p."degree") || w."word" = "k"."key"))))),
  "by_degree" AS (SELECT p."id" FROM "programmes" p, "k" WHERE degree_match_key(p."degree") = "k"."key")
  SELECT coalesce(
    (SELECT m."programme_id" FROM "degree_mappings" m, "k" WHERE m."text_key" = "k"."key"),
    (SELECT min("id"::text)::uuid FROM "direct" HAVING count(DISTINCT "id") = 1),
    CASE WHEN NOT EXISTS (SELECT 1 FROM "direct")
      THEN (SELECT min("id"::text)::uuid FROM "by_degree" HAVING count(*) = 1) END)
  $$;
--> statement-breakpoint
-- A student's programme: the first of their degrees that names one.
CREATE FUNCTION "programme_for_degrees"(text[]) RETURNS uuid
  LANGUAGE sql STABLE STRICT
  AS $$
  SELECT "id" FROM unnest($1) WITH ORDINALITY u("text", "n")
  CROSS JOIN LATERAL (SELECT programme_for_degree(u."text") AS "id") p
  WHERE p."id" IS NOT NULL ORDER BY u."n" LIMIT 1
  $$;
--> statement-breakpoint
-- Every writer of a student's degrees (own edit, approval, staff edit, CSV import) sets the
-- programme with them: one rule, whichever statement wrote the row.
CREATE FUNCTION "students_set_programme"() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN NEW."programme_id" := programme_for_degrees(NEW."degrees"); RETURN NEW; END $$;
--> statement-breakpoint
CREATE TRIGGER "students_programme" BEFORE INSERT OR UPDATE OF "degrees" ON "students"
  FOR EACH ROW EXECUTE FUNCTION "students_set_programme"();
--> statement-breakpoint
UPDATE "students" SET "degrees" = "degrees" WHERE cardinality("degrees") > 0;
--> statement-breakpoint
-- A job's typed degrees become targets: a level, a degree of the catalogue (all its branches), or
-- a programme its text names. Text that names none becomes a degree nobody holds, so the job
-- stays closed to the students it was closed to (staff see the label and can correct it).
UPDATE "jobs" j SET "eligible_programmes" = coalesce((
  SELECT array_agg(DISTINCT t."target") FROM unnest(j."eligible_degrees") d("text")
  CROSS JOIN LATERAL (SELECT coalesce(
    (SELECT 'level:' || l FROM unnest(ARRAY['Diploma', 'Undergraduate', 'Postgraduate', 'Doctorate']) l
      WHERE degree_match_key(d."text") IN (degree_match_key(l), 'any' || degree_match_key(l)) LIMIT 1),
    (SELECT 'degree:' || min(p."degree") FROM "programmes" p
      WHERE degree_match_key(p."degree") = degree_match_key(d."text") HAVING count(*) > 0),
    (SELECT 'programme:' || p."code" FROM "programmes" p WHERE p."id" = programme_for_degree(d."text")),
    'degree:' || btrim(d."text")) AS "target") t
), '{}')
WHERE cardinality(j."eligible_degrees") > 0;
-- hand-written
