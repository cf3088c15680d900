-- hand-written: the college's interviews of the day (the staff's home) as a function whose statement
-- keeps a generic plan, as a company's are (migration 0047): prepared from the application,
-- PostgreSQL planned it afresh on every reading (0.59 ms, against a few hundredths to run it). The
-- day's first `max_rows` applications are found first (the schedule's index, the college's rows),
-- and only those are joined to their jobs, companies and students, so the plan kept stays bounded
-- whatever the day holds. It runs with the caller's rights: a staff member's reading runs walled,
-- and row-level security applies as to the statement it replaces.
CREATE FUNCTION "portal_college_schedule"(from_at timestamptz, to_at timestamptz, max_rows integer)
  RETURNS TABLE (
    "applicationId" uuid, "studentId" uuid, "studentName" text, "studentStatus" account_status,
    "studentCollege" integer, "stage" application_stage, "at" timestamptz, "place" text,
    "jobRole" text, "companyName" text
  )
  LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan
  AS $$
  #variable_conflict use_column
  BEGIN
    RETURN QUERY
      SELECT a."id", a."student_id", s."first_name" || ' ' || s."last_name", s."status", s."college_id",
             a."stage", a."schedule_at", a."schedule_place", j."role", c."name"
      FROM (
        SELECT d."id", d."student_id", d."job_id", d."stage", d."schedule_at", d."schedule_place"
        FROM "applications" d
        WHERE d."college_id" = portal_current_college()
          AND d."schedule_at" >= from_at AND d."schedule_at" < to_at
        ORDER BY d."schedule_at"
        LIMIT max_rows
      ) a
      JOIN "jobs" j ON j."id" = a."job_id"
      JOIN "companies" c ON c."account_id" = j."company_id"
      JOIN "accounts" s ON s."id" = a."student_id"
      ORDER BY a."schedule_at";
  END
  $$;
