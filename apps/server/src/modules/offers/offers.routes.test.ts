import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StudentApplication } from '@portal/contracts/applications';
import { offers as messages, policy as policyMessages } from '@portal/contracts/messages';
import type { ApplicantDetails } from '@portal/contracts/pipeline';
import { createServices } from '../../services.ts';
import {
  notifications,
  offers,
  outboxEmails,
  placementPolicies,
  studentAuditLog,
  students,
} from '../../db/schema.ts';
import { clockOn, day } from '../../test/placement.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type Company, type Person, world, type World } from '../../test/world.ts';
import { addDays } from '@portal/contracts/dates';

let t: TestApp;
let w: World;
let acme: Company;
let globex: Company;
let staff: Person;
beforeAll(async () => {
  t = await createTestApp();
  w = world(t);
  acme = await w.company({ company: 'Acme Corp' });
  globex = await w.company({ company: 'Globex' });
  staff = await w.staff({ firstName: 'Meera', lastName: 'Iyer' });
});
afterAll(() => t.close());

// Read at each test's start, not once per file: a file running across midnight (in India, 18:30
// UTC) would otherwise check decide-by dates against yesterday.
let today = day(0);
beforeEach(() => {
  today = day(0);
});

const req = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** A student with academic details, named `firstName` Rao. */
const student = (firstName: string) => w.student({ firstName, lastName: 'Rao', academics: true });

const offer = (applicationId: string, body: object = {}, company = acme) =>
  req(company.cookie, 'POST', `/api/company/applications/${applicationId}/stage`, {
    stage: 'Offer Letter',
    packageOffered: 8,
    ...body,
  });

const decide = (s: Person, applicationId: string, decision: string) =>
  req(s.cookie, 'POST', `/api/student/offers/${applicationId}/decision`, { decision });

const mine = async (s: Person, applicationId: string) =>
  (await req(s.cookie, 'GET', '/api/student/applications'))
    .json<{ message: StudentApplication[] }>()
    .message.find((a) => a._id === applicationId)!;

const details = async (applicationId: string, company = acme) =>
  (await req(company.cookie, 'GET', `/api/company/applicantDetails/${applicationId}`)).json<{
    message: ApplicantDetails;
  }>().message;

const placement = async (s: Person) => {
  const [row] = await t.db
    .select({ isPlaced: students.isPlaced, company: students.placedCompany, pkg: students.packageOffered })
    .from(students)
    .where(eq(students.accountId, s.id));
  return row;
};

const placementFields = ['Placed', 'Placed with', 'Package (LPA)'];

/** The student's audit rows about the placement (their own academic entries are audited too). */
const audit = async (s: Person) =>
  (
    await t.db
      .select({
        field: studentAuditLog.field,
        oldValue: studentAuditLog.oldValue,
        newValue: studentAuditLog.newValue,
        actorId: studentAuditLog.actorId,
        actorName: studentAuditLog.actorName,
      })
      .from(studentAuditLog)
      .where(eq(studentAuditLog.studentId, s.id))
  )
    .filter((a) => placementFields.includes(a.field))
    .sort((a, b) => a.field.localeCompare(b.field));

const titles = async (accountId: string) =>
  (await t.db.select().from(notifications).where(eq(notifications.accountId, accountId))).map((n) => n.title);

describe('making an offer', () => {
  it('opens an Offered offer with the policy’s decision window, tells and emails the student, and places nobody', async () => {
    const s = await student('Kiran');
    const applicationId = await w.apply(s, await w.job(acme, { role: 'Platform Engineer' }));
    const made = await offer(applicationId, { packageOffered: 18.5 });
    expect(made.statusCode).toBe(200);

    const seen = await mine(s, applicationId);
    expect(seen.offer).toEqual({
      state: 'Offered',
      package: 18.5,
      decideBy: addDays(today, 7),
      tier: 'Regular',
      reason: '',
      decidedAt: null,
    });
    expect(seen.history.at(-1)).toMatchObject({
      stage: 'Offer Letter',
      offerState: 'Offered',
      by: 'Acme Corp',
    });
    expect(await placement(s)).toEqual({ isPlaced: false, company: '', pkg: null });
    const [email] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.recipient, s.email));
    expect(email).toMatchObject({
      kind: 'offer',
      subject: 'Acme Corp (recruiter): an offer for Platform Engineer',
    });
    const [notice] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, s.id), eq(notifications.title, 'Offer Letter')));
    expect(notice?.body).toContain(
      `18.5 LPA. Please accept or decline it on Application Status by ${addDays(today, 7)}.`,
    );
    const [row] = await t.db.select().from(offers).where(eq(offers.applicationId, applicationId));
    expect(row).toMatchObject({ policyVersion: 1, tierName: 'Regular', studentId: s.id });
  });

  it('takes a decide-by date at least 3 days ahead and refuses an earlier or malformed one, changing nothing', async () => {
    const s = await student('Lata');
    const applicationId = await w.apply(s, await w.job(acme));
    for (const decideBy of [addDays(today, -1), today, addDays(today, 2), '2099-13-45', '12/01/2099']) {
      const refused = await offer(applicationId, { decideBy });
      expect(refused.statusCode, decideBy).toBe(400);
      expect(refused.json()).toEqual({ message: messages.decideBy });
    }
    expect(await t.db.select().from(offers).where(eq(offers.applicationId, applicationId))).toEqual([]);
    expect((await mine(s, applicationId)).stage).toBe('Form Submitted');

    expect((await offer(applicationId, { decideBy: addDays(today, 3) })).statusCode).toBe(200);
    expect((await mine(s, applicationId)).offer).toMatchObject({ decideBy: addDays(today, 3) });
  });
});

describe('answering an offer', () => {
  it('accepting places the student with the company and package, audited with the student as actor', async () => {
    const s = await student('Dev');
    const applicationId = await w.apply(s, await w.job(acme));
    await offer(applicationId, { packageOffered: 12 });

    const accepted = await decide(s, applicationId, 'Accept');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ message: messages.accepted('Acme Corp') });

    expect(await placement(s)).toEqual({ isPlaced: true, company: 'Acme Corp', pkg: 12 });
    expect(
      (await audit(s))
        .filter((a) => a.actorName === 'Dev Rao')
        .map((a) => [a.field, a.oldValue, a.newValue, a.actorId]),
    ).toEqual([
      ['Package (LPA)', '', '12', s.id],
      ['Placed', 'No', 'Yes', s.id],
      ['Placed with', '', 'Acme Corp', s.id],
    ]);
    const seen = await mine(s, applicationId);
    expect(seen.offer).toMatchObject({ state: 'Accepted', decidedAt: expect.any(String) });
    expect(seen.history.at(-1)).toMatchObject({ offerState: 'Accepted', by: 'Dev Rao' });
    const company = await details(applicationId);
    expect(company.offer?.state).toBe('Accepted');
    expect(company.history.at(-1)).toMatchObject({ offerState: 'Accepted', by: 'Dev Rao' });
    expect(await titles(acme.id)).toContain('Offer accepted');

    const again = await decide(s, applicationId, 'Decline');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: messages.notOpen('Accepted') });
  });

  it('declining leaves the placement record alone and tells the company', async () => {
    const s = await student('Esha');
    const applicationId = await w.apply(s, await w.job(acme));
    await offer(applicationId);

    const declined = await decide(s, applicationId, 'Decline');
    expect(declined.json()).toEqual({ message: messages.declined });
    expect(await placement(s)).toEqual({ isPlaced: false, company: '', pkg: null });
    expect(
      (await audit(s)).filter((a) => a.actorName === 'Esha Rao' && a.field.startsWith('Placed')),
    ).toEqual([]);
    expect((await details(applicationId)).offer?.state).toBe('Declined');
    expect(await titles(acme.id)).toContain('Offer declined');
  });

  it("refuses a bad decision, another student's application and an application without an offer", async () => {
    const s = await student('Farah');
    const other = await student('Gopal');
    const applicationId = await w.apply(s, await w.job(acme));
    const noOffer = await w.apply(other, await w.job(acme));
    await offer(applicationId);

    const bad = await decide(s, applicationId, 'Maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: messages.badDecision });
    for (const response of [
      await decide(other, applicationId, 'Accept'),
      await decide(other, noOffer, 'Accept'),
      await decide(s, '00000000-0000-4000-8000-000000000000', 'Accept'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: messages.notFound });
    }
    expect((await mine(s, applicationId)).offer?.state).toBe('Offered');
  });
});

describe('lapsing', () => {
  it('lapses an unanswered offer after its date, once, for the student and the company to see', async () => {
    const s = await student('Hari');
    const applicationId = await w.apply(s, await w.job(acme));
    await offer(applicationId, { decideBy: addDays(today, 3) });

    // The services on a clock four days on: the offer's last day has passed.
    const on = (date: string) =>
      createServices(t.config, t.db, { clock: clockOn(date, t.config.timeZone) }).offersService;
    const later = on(addDays(today, 4));
    const onTheDay = on(addDays(today, 3));
    await onTheDay.lapseDue();
    expect((await mine(s, applicationId)).offer?.state).toBe('Offered');
    expect(await later.lapseDue()).toBeGreaterThanOrEqual(1);
    expect(await later.lapseDue()).toBe(0);

    const seen = await mine(s, applicationId);
    expect(seen.offer?.state).toBe('Lapsed');
    expect(seen.history.filter((h) => h.offerState === 'Lapsed')).toEqual([
      expect.objectContaining({ stage: 'Offer Letter', by: 'Portal' }),
    ]);
    const company = await details(applicationId);
    expect(company.offer?.state).toBe('Lapsed');
    expect(company.history.at(-1)).toMatchObject({ offerState: 'Lapsed', by: 'Portal' });
    expect(await titles(s.id)).toContain('Offer lapsed');
    expect(await titles(acme.id)).toContain('Offer lapsed');

    const late = await decide(s, applicationId, 'Accept');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: messages.notOpen('Lapsed') });
  });

  it('lapses on read: an offer past its date reads as Lapsed, whoever looks first', async () => {
    const s = await student('Indu');
    const applicationId = await w.apply(s, await w.job(acme));
    await offer(applicationId);
    await t.db
      .update(offers)
      .set({ decideBy: addDays(today, -1) })
      .where(eq(offers.applicationId, applicationId));

    expect((await details(applicationId)).offer?.state).toBe('Lapsed');
    expect((await mine(s, applicationId)).offer?.state).toBe('Lapsed');
  });
});

describe('the placement policy', () => {
  it('refuses a placed student a same-tier offer with the reason, allows a higher tier, and revoking recomputes the placement', async () => {
    await t.db.insert(placementPolicies).values({
      version: 2,
      maxAcceptedOffers: 1,
      tiers: [
        { name: 'Regular', minPackage: 0 },
        { name: 'Dream', minPackage: 10 },
      ],
      higherTierAfterPlaced: true,
      internshipsCount: false,
      decisionDays: 10,
      createdByName: 'Test',
    });
    const s = await student('Jaya');
    // Applied to all three before being placed (applying is checked by the policy too).
    const first = await w.apply(s, await w.job(acme));
    const same = await w.apply(s, await w.job(acme));
    const dream = await w.apply(s, await w.job(globex));

    await offer(first, { packageOffered: 8 });
    expect((await mine(s, first)).offer).toMatchObject({ tier: 'Regular', decideBy: addDays(today, 10) });
    expect((await decide(s, first, 'Accept')).statusCode).toBe(200);

    const refused = await offer(same, { packageOffered: 9 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: policyMessages.offerRefused(policyMessages.sameOrHigherTier('Regular', 'Regular')),
    });
    expect((await mine(s, same)).stage).toBe('Form Submitted');

    expect((await offer(dream, { packageOffered: 15 }, globex)).statusCode).toBe(200);
    expect((await mine(s, dream)).offer).toMatchObject({ tier: 'Dream', state: 'Offered' });
    expect((await decide(s, dream, 'Accept')).statusCode).toBe(200);
    expect(await placement(s)).toEqual({ isPlaced: true, company: 'Globex', pkg: 15 });

    // Staff revoke the better offer: the placement falls back to the remaining accepted one.
    const revoke = (applicationId: string, reason: string) =>
      req(staff.cookie, 'POST', `/api/college-staff/offers/${applicationId}/revoke`, { reason });
    const noReason = await revoke(dream, '  ');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual({ message: messages.reasonRequired });
    const revoked = await revoke(dream, 'Offer letter was forged');
    expect(revoked.json()).toEqual({ message: messages.revoked });
    expect(await placement(s)).toEqual({ isPlaced: true, company: 'Acme Corp', pkg: 8 });
    expect(
      (await audit(s))
        .filter((a) => a.actorName === 'Meera Iyer')
        .map((a) => [a.field, a.oldValue, a.newValue]),
    ).toEqual([
      ['Package (LPA)', '15', '8'],
      ['Placed with', 'Globex', 'Acme Corp'],
    ]);
    const seen = await mine(s, dream);
    expect(seen.offer).toMatchObject({ state: 'Revoked', reason: 'Offer letter was forged' });
    expect(seen.history.at(-1)).toMatchObject({
      offerState: 'Revoked',
      note: 'Offer letter was forged',
      by: 'Meera Iyer',
    });
    expect(await titles(s.id)).toContain('Offer revoked');

    const twice = await revoke(dream, 'Again');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: messages.notRevocable('Revoked') });

    // The last accepted offer revoked: not placed at all.
    expect((await revoke(first, 'Student left the college')).statusCode).toBe(200);
    expect(await placement(s)).toEqual({ isPlaced: false, company: '', pkg: null });
  });

  it('lets only one of two offers accepted at once succeed when the policy allows one', async () => {
    const s = await student('Kavya');
    const a = await w.apply(s, await w.job(acme));
    const b = await w.apply(s, await w.job(globex));
    await offer(a, { packageOffered: 6 });
    await offer(b, { packageOffered: 7 }, globex);

    const answers = await Promise.all([decide(s, a, 'Accept'), decide(s, b, 'Accept')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json()).toEqual({
      message: policyMessages.sameOrHigherTier('Regular', 'Regular'),
    });
    const accepted = await t.db
      .select()
      .from(offers)
      .where(and(eq(offers.studentId, s.id), eq(offers.state, 'Accepted')));
    expect(accepted).toHaveLength(1);
    expect((await placement(s))?.pkg).toBe(accepted[0]!.package);
  });
});

describe('withdrawing', () => {
  it('lets the company withdraw an open offer with a reason the student reads, and nothing else', async () => {
    const s = await student('Lalit');
    const applicationId = await w.apply(s, await w.job(acme));
    await offer(applicationId);
    const withdraw = (reason: string, company = acme) =>
      req(company.cookie, 'POST', `/api/company/applications/${applicationId}/offer/withdraw`, { reason });

    const missing = await withdraw('');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: messages.reasonRequired });
    const stranger = await withdraw('Not yours', globex);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ message: messages.notFound });

    const done = await withdraw('The position was cancelled');
    expect(done.json()).toEqual({ message: messages.withdrawn });
    const seen = await mine(s, applicationId);
    expect(seen.offer).toMatchObject({ state: 'Withdrawn', reason: 'The position was cancelled' });
    expect(seen.history.at(-1)).toMatchObject({
      offerState: 'Withdrawn',
      note: 'The position was cancelled',
      by: 'Acme Corp',
    });
    const [notice] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, s.id), eq(notifications.title, 'Offer withdrawn')));
    expect(notice?.body).toContain('The position was cancelled');

    const again = await withdraw('Twice');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: messages.notWithdrawable('Withdrawn') });
    const late = await decide(s, applicationId, 'Accept');
    expect(late.json()).toEqual({ message: messages.notOpen('Withdrawn') });
  });

  it('refuses to withdraw an accepted offer', async () => {
    const s = await student('Mohan');
    const applicationId = await w.apply(s, await w.job(acme));
    await offer(applicationId, { packageOffered: 30 });
    expect((await decide(s, applicationId, 'Accept')).statusCode).toBe(200);
    const refused = await req(
      acme.cookie,
      'POST',
      `/api/company/applications/${applicationId}/offer/withdraw`,
      {
        reason: 'Changed our mind',
      },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: messages.notWithdrawable('Accepted') });
  });
});
