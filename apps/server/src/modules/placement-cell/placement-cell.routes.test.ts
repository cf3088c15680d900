import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalid } from '@portal/contracts/messages';
import { placementCellMessages } from '@portal/contracts/placement-cell';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { world, type World } from '../../test/world.ts';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = world(t);
});
afterAll(() => t.close());

const cell = {
  name: 'Training and Placement Cell, Example Institute of Technology',
  address: 'Block A, 2nd floor\nExample Road, Pune 411001',
  email: 'placements@example.edu',
  phone: '9876543210',
};

const read = async () => {
  const response = await t.app.inject({ url: '/api/placement-cell' });
  expect(response.statusCode).toBe(200);
  return response.json<{ message: unknown }>().message;
};

describe('the placement cell on the public pages', () => {
  it('is empty until staff fill it in, then anyone reads what they saved', async () => {
    expect(await read()).toEqual({ name: '', address: '', email: '', phone: '' });
    const staff = await w.staff();
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/college-staff/placement-cell',
      headers: { cookie: staff.cookie },
      payload: { ...cell, email: ' Placements@Example.edu ' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ message: placementCellMessages.saved });
    expect(await read()).toEqual(cell);
  });

  it('may leave the email and phone empty, but checks them when given, and needs a name', async () => {
    const staff = await w.staff();
    const put = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/college-staff/placement-cell',
        headers: { cookie: staff.cookie },
        payload,
      });
    expect((await put({ ...cell, email: '', phone: '' })).statusCode).toBe(200);
    const badEmail = await put({ ...cell, email: 'placements' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toEqual({ message: invalid.email });
    const noName = await put({ ...cell, name: '  ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toEqual({ message: placementCellMessages.name });
  });

  it('is edited by staff only', async () => {
    const student = await w.student();
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/college-staff/placement-cell',
      headers: { cookie: student.cookie },
      payload: cell,
    });
    expect(response.statusCode).toBe(403);
  });
});
