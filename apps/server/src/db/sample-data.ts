import { sql } from 'drizzle-orm';
import { hashPassword } from '../lib/passwords.ts';
import type { Database } from './client.ts';

/** Everyone in the sample data signs in with this password (the README says so). */
export const SAMPLE_PASSWORD = 'sample123';

const firstNames = [
  'Aarav',
  'Vivaan',
  'Aditya',
  'Vihaan',
  'Arjun',
  'Sai',
  'Reyansh',
  'Ayaan',
  'Krishna',
  'Ishaan',
  'Shaurya',
  'Atharv',
  'Advik',
  'Pranav',
  'Advaith',
  'Aarush',
  'Kabir',
  'Rohan',
  'Amar',
  'Dhruv',
  'Saanvi',
  'Aanya',
  'Aadhya',
  'Aaradhya',
  'Ananya',
  'Pari',
  'Anika',
  'Navya',
  'Angel',
  'Diya',
  'Myra',
  'Sara',
  'Iraa',
  'Ahana',
  'Anvi',
  'Prisha',
  'Riya',
  'Aarohi',
  'Anaya',
  'Kavya',
];
const lastNames = [
  'Sharma',
  'Verma',
  'Gupta',
  'Iyer',
  'Nair',
  'Menon',
  'Reddy',
  'Rao',
  'Patel',
  'Shah',
  'Mehta',
  'Singh',
  'Kaur',
  'Das',
  'Bose',
  'Chatterjee',
  'Banerjee',
  'Mukherjee',
  'Joshi',
  'Kulkarni',
  'Deshpande',
  'Pillai',
  'Khan',
  'Ali',
  'Fernandes',
  'Dsouza',
  'Tripathi',
  'Mishra',
  'Pandey',
  'Yadav',
  'Chauhan',
  'Thakur',
  'Saxena',
  'Agarwal',
  'Bhatt',
  'Naidu',
  'Hegde',
  'Kamath',
  'Shetty',
  'Goel',
];
/**
 * A sample student's number (from their email, `studentN@sample.edu`) as their roll number holds
 * it: roll numbers are written as a college writes them (`20SIT000123`), its last digits the number.
 */
const sampleNumber = sql.raw(`(regexp_match(s.roll_number, '(\\d+)$'))[1]::int`);

const degrees = ['B.Tech CSE', 'B.Tech ECE', 'B.Tech ME', 'B.Tech CE', 'MCA', 'M.Tech CSE', 'BCA', 'MBA'];
const companyWords = [
  'Infotech',
  'Systems',
  'Labs',
  'Analytics',
  'Software',
  'Networks',
  'Dynamics',
  'Digital',
];
const roles = [
  'Software Engineer',
  'Data Analyst',
  'QA Engineer',
  'DevOps Engineer',
  'Product Analyst',
  'Frontend Developer',
];

const textArray = (values: string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]`);

/**
 * Bulk sample data for trying the app at scale, generated inside the database with
 * generate_series (a 100,000-student college loads in about a minute): students with internships
 * and projects, companies with jobs, and applications at every stage. Sample accounts use the
 * @sample.edu and @company<N>.com domains; running it again adds nothing twice.
 */
export async function loadSampleData(
  db: Database,
  {
    students,
    companies = Math.max(5, Math.round(students / 200)),
    jobsPerCompany = 6,
    applicationsPerStudent = 2,
    colleges = [1],
  }: {
    students: number;
    /** The colleges the students are spread over, in turn (every job is posted to all of them). */
    colleges?: number[];
    companies?: number;
    jobsPerCompany?: number;
    applicationsPerStudent?: number;
  },
  log: (line: string) => void = () => {},
) {
  const passwordHash = await hashPassword(SAMPLE_PASSWORD);
  const collegeIds = sql`array[${sql.join(
    colleges.map((id) => sql`${id}::int`),
    sql`, `,
  )}]`;
  const first = textArray(firstNames);
  const last = textArray(lastNames);

  const batch = 20_000;
  for (let start = 1; start <= students; start += batch) {
    const end = Math.min(students, start + batch - 1);
    await db.execute(sql`
      insert into accounts (role, college_id, email, password_hash, first_name, last_name, phone)
      select 'student', (${collegeIds})[1 + i % ${colleges.length}], 'student' || i || '@sample.edu', ${passwordHash},
             (${first})[1 + i % ${firstNames.length}],
             (${last})[1 + (i / ${firstNames.length}) % ${lastNames.length}],
             '9' || lpad((i % 1000000000)::text, 9, '0')
      from generate_series(${start}::int, ${end}::int) i
      on conflict do nothing`);
    log(`  students ${end.toLocaleString('en-IN')} / ${students.toLocaleString('en-IN')}`);
  }
  // Fresh statistics after each bulk step: planned on the empty tables' numbers, the anti-joins
  // below would scan the growing table once per row.
  await db.execute(sql`analyze accounts, students`);
  await db.execute(sql`
    insert into students (account_id, college_id, roll_number, degrees, college_name, cgpa, year_of_passing,
                          fathers_name, mothers_name, is_placed, placed_company, package_offered)
    select a.id, a.college_id, '2' || (n % 4) || 'SIT' || lpad(n::text, 6, '0'), array[(${textArray(degrees)})[1 + n % ${degrees.length}]], 'Sample Institute of Technology',
           round((5.5 + (n * 37 % 45) / 10.0)::numeric, 1)::float8, 2024 + n % 4,
           'Father of ' || a.first_name, 'Mother of ' || a.first_name,
           n % 5 = 0, case when n % 5 = 0 then 'Company ' || (n % 50) else '' end,
           case when n % 5 = 0 then round((3 + (n * 13 % 270) / 10.0)::numeric, 1)::float8 end
    from (select id, college_id, first_name, (regexp_match(email, '^student(\\d+)@'))[1]::int as n
          from accounts where role = 'student' and email like '%@sample.edu') a
    where not exists (select 1 from students s where s.account_id = a.id)`);
  await db.execute(sql`
    insert into internships (student_id, company, role, duration, description)
    select s.account_id, 'Company ' || ((${sampleNumber} + k) % 50), 'Intern', (1 + k) || ' months',
           'Worked on internal tools and shipped a feature end to end.'
    from students s join accounts a on a.id = s.account_id and a.email like '%@sample.edu'
    cross join lateral generate_series(1, ${sampleNumber} % 3) k
    where not exists (select 1 from internships i where i.student_id = s.account_id)`);
  await db.execute(sql`
    insert into projects (student_id, title, link, duration, description)
    select s.account_id, 'Project ' || k || ' of ' || s.roll_number, 'https://example.com/p/' || ${sampleNumber} || '/' || k,
           (2 + k) || ' weeks', 'A web application built with a small team.'
    from students s join accounts a on a.id = s.account_id and a.email like '%@sample.edu'
    cross join lateral generate_series(1, 1 + ${sampleNumber} % 2) k
    where not exists (select 1 from projects p where p.student_id = s.account_id)`);
  await db.execute(sql`analyze students, internships, projects`);
  log('  internships and projects');

  await db.execute(sql`
    insert into accounts (role, email, password_hash, first_name, last_name, phone)
    select 'company', 'recruiter@company' || c || '.com', ${passwordHash},
           (${first})[1 + c % ${firstNames.length}], (${last})[1 + (c * 7) % ${lastNames.length}], '8' || lpad(c::text, 9, '0')
    from generate_series(1, ${companies}::int) c
    on conflict do nothing`);
  await db.execute(sql`
    insert into companies (account_id, staff_id, name)
    select a.id, c::text, 'Company ' || c || ' ' || (${textArray(companyWords)})[1 + c % ${companyWords.length}]
    from (select id, (regexp_match(email, '^recruiter@company(\\d+)\\.com'))[1]::int as c
          from accounts where role = 'company' and email like 'recruiter@company%') a
    where not exists (select 1 from companies x where x.account_id = a.id)`);
  await db.execute(sql`
    insert into jobs (company_id, role, description, qualifications, start_date, application_deadline, status, min_cgpa)
    select co.account_id, (${textArray(roles)})[1 + j % ${roles.length}],
           'Join a small team and build products used across India.', array['B.Tech or MCA', 'Good problem solving'],
           current_date - 30, current_date + (j % 3 - 1) * 30,
           (case when j % 5 = 0 then 'Closed' else 'Open' end)::job_status,
           case when j % 3 = 0 then 7.0 end
    from companies co join accounts a on a.id = co.account_id and a.email like 'recruiter@company%'
    cross join generate_series(1, ${jobsPerCompany}::int) j
    where not exists (select 1 from jobs x where x.company_id = co.account_id)`);
  await db.execute(sql`
    insert into job_colleges (job_id, college_id)
    select j.id, c from jobs j cross join unnest(${collegeIds}) c
    on conflict do nothing`);
  // Every sample company recruits at every college (its account's status follows).
  await db.execute(sql`
    insert into company_colleges (company_id, college_id, status)
    select co.account_id, c, 'Allowed' from companies co
    join accounts a on a.id = co.account_id and a.email like 'recruiter@company%'
    cross join unnest(${collegeIds}) c
    on conflict (company_id, college_id) do update set status = 'Allowed'`);
  await db.execute(sql`analyze accounts, companies, company_colleges, jobs, job_colleges`);
  log(`  ${companies} companies with ${jobsPerCompany} jobs each`);

  await db.execute(sql`
    with numbered as (select id, row_number() over (order by id) - 1 as k from jobs),
    picks as (
      select s.account_id as student_id, ${sampleNumber} as n, g
      from students s join accounts a on a.id = s.account_id and a.email like '%@sample.edu'
      cross join generate_series(1, ${applicationsPerStudent}::int) g
      where not exists (select 1 from applications x where x.student_id = s.account_id)
    ),
    -- Each pick's job number worked out first, so the join is one hash lookup a pick (comparing
    -- every pick with every job took minutes at 100,000 students).
    keyed as (select p.*, (p.n * 7 + p.g * 131) % (select count(*) from jobs) as k from picks p)
    insert into applications (job_id, student_id, stage)
    select j.id, p.student_id,
           (array['Form Submitted','Shortlisted','Online Assessment','Technical Interview','HR Interview','Offer Letter','Rejected'])[1 + (p.n + p.g) % 7]::application_stage
    from keyed p join numbered j on j.k = p.k
    on conflict do nothing`);
  await db.execute(sql`analyze applications`);
  await db.execute(sql`
    insert into application_events (application_id, stage, actor_id, actor_name)
    select ap.id, ap.stage, null, 'Sample data'
    from applications ap
    where not exists (select 1 from application_events e where e.application_id = ap.id)`);
  log('  applications');
  await settleTables(db);
}

/**
 * VACUUM (ANALYZE) every table, as autovacuum would soon after a bulk load: the loads above leave
 * every student row's first version dead (the insert trigger that sets its programme rewrites it)
 * and no page marked all-visible, so index-only scans went to the table for every row. A server
 * whose autovacuum is off (this repository's CI machine) or the embedded database (whose own pass
 * waits a minute) would otherwise be measured in a state production never stays in.
 */
export async function settleTables(db: Database) {
  await db.execute(sql`vacuum (analyze)`);
}
