import { DEFAULT_TIME_ZONE, dateInZone, startOfDayInZone } from '@portal/contracts/dates';
import type { Job } from '@portal/contracts/jobs';
import type { OfferState } from '@portal/contracts/offers';
import type { PlacementPolicy } from '@portal/contracts/placement-policy';
import type { App } from '../app.ts';
import type { Database } from '../db/client.ts';
import { applications, offers } from '../db/schema.ts';
import { createClock } from '../lib/clock.ts';

/** A date `offset` days from today in the test app's zone (the default TIME_ZONE), as YYYY-MM-DD. */
export const day = (offset: number) =>
  dateInZone(new Date(Date.now() + offset * 86_400_000), DEFAULT_TIME_ZONE);

/** A clock at noon of `date` (YYYY-MM-DD) in the zone: services built on it live on that day. */
export const clockOn = (date: string, timeZone = DEFAULT_TIME_ZONE) =>
  createClock(timeZone, () => new Date(startOfDayInZone(date, timeZone).getTime() + 12 * 3_600_000));

/** Posts a job open since yesterday for ten more days, with whatever `value` changes. */
export async function postJob(app: App, cookie: string, value: Record<string, unknown> = {}): Promise<Job> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/company/postJob',
    headers: { cookie },
    payload: {
      typ: 'jobs',
      value: {
        role: 'Engineer',
        description: 'Build things',
        qualifications: ['B.Tech'],
        startDate: day(-1),
        applicationDeadline: day(10),
        ...value,
      },
    },
  });
  if (response.statusCode !== 201) throw new Error(`postJob: ${response.statusCode} ${response.body}`);
  return response.json<{ message: Job }>().message;
}

/** The signed-in student's account id. */
export async function studentId(app: App, cookie: string): Promise<string> {
  const response = await app.inject({ url: '/api/student/getUserData', headers: { cookie } });
  return response.json<{ message: { _id: string } }>().message._id;
}

/**
 * Makes the student placed: an application to `jobId` at Offer Letter with an Accepted offer of
 * `pkg` LPA (or an offer in `state`), written straight to the database (making and accepting
 * offers through the API is the offers module's).
 */
export async function acceptedOffer(
  db: Database,
  student: string,
  jobId: string,
  pkg: number,
  state: OfferState = 'Accepted',
) {
  const [application] = await db
    .insert(applications)
    .values({ jobId, studentId: student, stage: 'Offer Letter', packageOffered: pkg })
    .returning();
  await db.insert(offers).values({
    applicationId: application!.id,
    studentId: student,
    jobId,
    package: pkg,
    decideBy: day(7),
    state,
    tierName: 'Regular',
    policyVersion: 1,
    decidedAt: state === 'Offered' ? null : new Date(),
  });
}

/** Saves the policy as staff; throws unless it was saved. */
export async function savePolicy(app: App, staffCookie: string, policy: PlacementPolicy) {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/college-staff/placementPolicy',
    headers: { cookie: staffCookie },
    payload: policy,
  });
  if (response.statusCode !== 200) throw new Error(`savePolicy: ${response.statusCode} ${response.body}`);
}
