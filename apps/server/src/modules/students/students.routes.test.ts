import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentRecord } from '@portal/contracts/students';
import { unwalled } from '../../db/college-scope.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { world, type World } from '../../test/world.ts';
import { createStudentsRepo } from './students.repo.ts';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = world(t);
});
afterAll(() => t.close());

describe('GET /api/student/getUserData', () => {
  it('reads the record without the password hash (only sign-in reads it)', async () => {
    const { id } = await w.student({ firstName: 'Hash', lastName: 'Less' });
    const row = await unwalled(() => createStudentsRepo(t.db).findOwnRecord(id, 5));
    expect(row?.account.email).toContain('@');
    expect(Object.keys(row!.account)).not.toContain('passwordHash');
  });

  it("returns the signed-in student's record with the spec's fields and empty defaults", async () => {
    const { cookie, email } = await w.student({ firstName: 'Ravi', lastName: 'Kumar' });
    const response = await t.app.inject({ url: '/api/student/getUserData', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const record = studentRecord.parse(response.json().message);
    expect(record).toMatchObject({
      role: 'Allowed',
      personalDetail: {
        firstName: 'Ravi',
        lastName: 'Kumar',
        fathersName: '',
        mothersName: '',
        emailID: email,
        phone: '9876543210',
        profilePicture: '',
      },
      educationalDetails: {
        rollNumber: null,
        degrees: [],
        collegeName: '',
        cgpa: null,
        yearOfPassing: null,
        verified: false,
        verification: null,
      },
      resume: '',
      placementStatus: { isPlaced: false, companyName: '', packageOffered: null, status: '' },
      pastInternshipsProjects: { internships: [], projects: [] },
      notifications: [],
      debarment: null,
    });
    expect(Object.keys(response.json().message as object).sort()).toEqual(
      [
        '_id',
        'role',
        'personalDetail',
        'educationalDetails',
        'resume',
        'placementStatus',
        'applicationStatus',
        'pastInternshipsProjects',
        'notifications',
        'pendingAcademicChange',
        'debarment',
      ].sort(),
    );
  });
});
