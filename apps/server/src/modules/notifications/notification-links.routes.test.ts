import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@portal/contracts/common';
import { emailLinks } from '@portal/contracts/links';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type Person, world, type World } from '../../test/world.ts';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = world(t);
});
afterAll(() => t.close());

const bell = async (who: Pick<Person, 'cookie'>) => {
  const response = await t.app.inject({ url: '/api/notifications', headers: { cookie: who.cookie } });
  return response.json<{ message: { items: Notification[] } }>().message.items;
};

describe('notifications link to what they are about', () => {
  it('sends the company to its applicants, the student to the interview, the offer and a new job', async () => {
    const acme = await w.company();
    const job = await w.job(acme);
    const student = await w.student({ academics: true });
    const applicationId = await w.apply(student, job);
    // Newest first: the applicant, then the placement cell's approval, linking to the profile.
    expect((await bell(acme)).map((n) => n.link)).toEqual([
      emailLinks.companyApplicants,
      emailLinks.companyProfile,
    ]);

    const at = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    await w.move(acme, applicationId, { stage: 'Technical Interview', schedule: { at, place: 'Room 1' } });
    await w.move(acme, applicationId, { stage: 'Offer Letter', packageOffered: 9 });
    await w.job(acme, { role: 'Second role' });
    const links = (await bell(student)).map((n) => [n.title, n.link]);
    expect(links).toEqual(
      expect.arrayContaining([
        ['Technical Interview', emailLinks.studentInterviews],
        ['Offer Letter', emailLinks.studentApplications],
        [expect.stringContaining('Second role'), emailLinks.studentJobVacancies],
      ]),
    );

    // Deciding the offer tells the company, linking to that applicant.
    await t.app.inject({
      method: 'POST',
      url: `/api/student/offers/${applicationId}/decision`,
      headers: { cookie: student.cookie },
      payload: { decision: 'Decline' },
    });
    expect((await bell(acme))[0]?.link).toBe(emailLinks.companyApplicant(applicationId));
  });
});
