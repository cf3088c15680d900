-- Custom SQL migration file, put your code below! --
-- hand-written: one NOTIFY per statement instead of one per row. A board change writes an event
-- to each of its viewers in one statement (publishLiveEach), and 1,000 viewers meant 1,000
-- NOTIFYs queued at commit, sent, parsed and handled one by one by every instance
-- (docs/scaling.md, "Live streams on one instance"). The trigger now runs once per INSERT
-- statement and reads the statement's rows from its transition table:
--   - when they fit in one NOTIFY (under its 8,000 bytes), the rows themselves, grouped by kind
--     and payload: {"g":[{"k":kind,"p":payload,"e":[[id,account],...]},...]}, delivered without a
--     query;
--   - otherwise only their ids, as ranges of consecutive ids (a statement's ids are consecutive
--     unless another transaction drew from the sequence meanwhile; the ranges hold exactly the
--     statement's ids, never another's): {"r":[[first,last],...]}, 180 ranges a NOTIFY at most
--     (a range is at most 42 bytes), and the instances holding streams read those rows in one
--     query.
-- An INSERT of no rows (a notice or board change nobody is to get) sends nothing.
DROP TRIGGER "live_events_notify" ON "live_events";
--> statement-breakpoint
DROP FUNCTION "live_events_notify"();
--> statement-breakpoint
CREATE FUNCTION "live_events_notify_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  message text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "inserted") THEN
    RETURN NULL;
  END IF;
  -- 160 rows of [id,account] are already near the limit; more are not worth building.
  IF (SELECT count(*) FROM (SELECT 1 FROM "inserted" LIMIT 161) few) <= 160 THEN
    SELECT json_build_object('g', json_agg(json_build_object('k', g."kind", 'p', g."payload", 'e', g."rows") ORDER BY g."first"))::text
      INTO message
      FROM (
        SELECT "kind", "payload", min("id") AS "first",
               json_agg(json_build_array("id", "account_id") ORDER BY "id") AS "rows"
        FROM "inserted"
        GROUP BY "kind", "payload"
      ) g;
    IF octet_length(message) <= 7900 THEN
      PERFORM pg_notify('live_events', message);
      RETURN NULL;
    END IF;
  END IF;
  FOR message IN
    SELECT json_build_object('r', json_agg(json_build_array(r."first", r."last") ORDER BY r."first"))::text
    FROM (
      SELECT min("id") AS "first", max("id") AS "last",
             (row_number() OVER (ORDER BY min("id")) - 1) / 180 AS "chunk"
      FROM (SELECT "id", "id" - row_number() OVER (ORDER BY "id") AS "island" FROM "inserted") i
      GROUP BY i."island"
    ) r
    GROUP BY r."chunk"
    ORDER BY r."chunk"
  LOOP
    PERFORM pg_notify('live_events', message);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "live_events_notify" AFTER INSERT ON "live_events"
  REFERENCING NEW TABLE AS "inserted"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_events_notify_inserted"();
