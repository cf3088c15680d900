import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries, invalid, required } from '@portal/contracts/messages';
import type { StudentRecord } from '@portal/contracts/students';
import { accounts, students } from '../../db/schema.ts';
import { PASSWORD } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { world, type World } from '../../test/world.ts';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = world(t);
});
afterAll(() => t.close());

const update = (cookie: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/student/updateProfileDetail',
    headers: { cookie },
    payload: payload as object,
  });

const personal = {
  firstName: 'Kavya',
  lastName: 'Iyer',
  fathersName: 'Suresh Iyer',
  mothersName: 'Lakshmi Iyer',
  phone: '9123456780',
};
const education = {
  rollNumber: '19BCE0042',
  degrees: ['B.Tech CSE'],
  collegeName: 'NIT Trichy',
  cgpa: 8.7,
  yearOfPassing: 2026,
};
const internship = { company: 'Infosys', role: 'Intern', duration: '2 months', description: 'Built APIs' };
const project = {
  title: 'Portal',
  link: 'https://github.com/k/portal',
  duration: '3 months',
  description: 'A web app',
};

describe('PUT /api/student/updateProfileDetail', () => {
  it('updates personal and educational details and returns the new record', async () => {
    const { cookie } = await w.student();
    const first = await update(cookie, { typ: 'personalDetail', value: personal });
    expect(first.statusCode).toBe(200);
    expect((first.json().message as StudentRecord).personalDetail).toMatchObject(personal);

    const second = await update(cookie, { typ: 'educationalDetails', value: education });
    expect(second.statusCode).toBe(200);
    const unverified = { ...education, verified: false, verification: null };
    expect((second.json().message as StudentRecord).educationalDetails).toEqual(unverified);

    const stored = await t.app.inject({ url: '/api/student/getUserData', headers: { cookie } });
    expect(stored.json().message.educationalDetails).toEqual(unverified);
  });

  it.each([
    ['emailID', { typ: 'personalDetail', value: { ...personal, emailID: 'new@example.com' } }],
    ['password', { typ: 'personalDetail', value: { ...personal, password: 'hacked1' } }],
    ['role', { typ: 'personalDetail', value: { ...personal, role: 'Allowed' } }],
    ['isPlaced', { typ: 'educationalDetails', value: { ...education, isPlaced: true } }],
    ['placementStatus', { typ: 'personalDetail', value: personal, placementStatus: { isPlaced: true } }],
  ])('refuses a change to %s, naming the field, and changes nothing', async (field, payload) => {
    const { cookie, email } = await w.student();
    const response = await update(cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: invalid.notChangeable([field]) });
    const [row] = await t.db
      .select({ account: accounts, student: students })
      .from(accounts)
      .innerJoin(students, eq(students.accountId, accounts.id))
      .where(eq(accounts.email, email));
    expect(row?.account.firstName).toBe('Asha');
    expect(row?.student.isPlaced).toBe(false);
    expect(row?.student.rollNumber).toBeNull();
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/student/signin',
      payload: { emailID: email, password: PASSWORD },
    });
    expect(signin.statusCode).toBe(200);
  });

  it.each([
    [{ ...education, rollNumber: 0 }, invalid.rollNumber],
    [{ ...education, rollNumber: -4 }, invalid.rollNumber],
    [{ ...education, rollNumber: undefined }, required.rollNumber],
    [{ ...education, cgpa: 0 }, invalid.cgpa],
    [{ ...education, cgpa: 10.5 }, invalid.cgpa],
    [{ ...education, cgpa: '8' }, required.cgpa],
    [{ ...education, degrees: [] }, required.degrees],
    [{ ...education, collegeName: ' ' }, required.collegeName],
    [{ ...education, yearOfPassing: 26 }, invalid.yearOfPassing],
  ])('refuses educational details %j with the spec message', async (value, message) => {
    const { cookie } = await w.student();
    const response = await update(cookie, { typ: 'educationalDetails', value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it.each([
    [{ ...personal, fathersName: '' }, required.fathersName],
    [{ ...personal, mothersName: undefined }, required.mothersName],
    [{ ...personal, phone: '123' }, invalid.phone],
  ])('refuses personal details %j with the spec message', async (value, message) => {
    const { cookie } = await w.student();
    const response = await update(cookie, { typ: 'personalDetail', value });
    expect(response.json()).toEqual({ message });
  });

  it('refuses an unknown section', async () => {
    const { cookie } = await w.student();
    const response = await update(cookie, { typ: 'placementStatus', value: { isPlaced: true } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: invalid.profileSection });
  });
});

describe('internships and projects', () => {
  it('adds entries in order, edits and deletes them', async () => {
    const { cookie } = await w.student();
    await update(cookie, { typ: 'internships', value: internship });
    const added = await update(cookie, { typ: 'internships', value: { ...internship, company: 'TCS' } });
    const list = (added.json().message as StudentRecord).pastInternshipsProjects.internships;
    expect(list.map((i) => i.company)).toEqual(['Infosys', 'TCS']);

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/student/internships/${list[0]!._id}`,
      headers: { cookie },
      payload: { ...internship, role: 'Backend intern' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().message.pastInternshipsProjects.internships[0].role).toBe('Backend intern');

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/student/internships/${list[1]!._id}`,
      headers: { cookie },
    });
    expect(deleted.json().message.pastInternshipsProjects.internships).toHaveLength(1);

    const withProject = await update(cookie, { typ: 'projects', value: project });
    expect(withProject.json().message.pastInternshipsProjects.projects).toEqual([
      { _id: expect.any(String), ...project },
    ]);
  });

  it("gives 404 for another student's entry and leaves it alone", async () => {
    const owner = await w.student();
    const intruder = await w.student();
    const added = await update(owner.cookie, { typ: 'projects', value: project });
    const id = (added.json().message as StudentRecord).pastInternshipsProjects.projects[0]!._id;

    for (const method of ['PUT', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url: `/api/student/projects/${id}`,
        headers: { cookie: intruder.cookie },
        ...(method === 'PUT' ? { payload: { ...project, title: 'Stolen' } } : {}),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: entries.project.notFound });
    }
    const record = await t.app.inject({ url: '/api/student/getUserData', headers: { cookie: owner.cookie } });
    expect(record.json().message.pastInternshipsProjects.projects[0].title).toBe('Portal');
  });

  it.each([
    ['internships', { ...internship, company: '' }, entries.internship.company],
    ['internships', { ...internship, role: undefined }, entries.internship.role],
    ['internships', { ...internship, duration: ' ' }, entries.internship.duration],
    ['internships', { ...internship, description: '' }, entries.internship.description],
    ['projects', { ...project, title: '' }, entries.project.title],
    ['projects', { ...project, link: '' }, entries.project.link],
    ['projects', { ...project, link: 'javascript:alert(1)' }, invalid.projectLink],
    ['projects', { ...project, duration: '' }, entries.project.duration],
    ['projects', { ...project, description: '' }, entries.project.description],
  ])('refuses %s entry %j with the spec message', async (typ, value, message) => {
    const { cookie } = await w.student();
    const response = await update(cookie, { typ, value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });
});
