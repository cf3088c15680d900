import { DEFAULT_TIME_ZONE, dateInZone, startOfDayInZone } from '@portal/contracts/dates';
import type { OfferState } from '@portal/contracts/offers';
import type { Database } from '../db/client.ts';
import { applications, offers } from '../db/schema.ts';
import { createClock } from '../lib/clock.ts';

/** A date `offset` days from today in the test app's zone (the default TIME_ZONE), as YYYY-MM-DD. */
export const day = (offset: number) =>
  dateInZone(new Date(Date.now() + offset * 86_400_000), DEFAULT_TIME_ZONE);

/** A clock at noon of `date` (YYYY-MM-DD) in the zone: services built on it live on that day. */
export const clockOn = (date: string, timeZone = DEFAULT_TIME_ZONE) =>
  createClock(timeZone, () => new Date(startOfDayInZone(date, timeZone).getTime() + 12 * 3_600_000));

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
