import { programmes as messages } from '@portal/contracts/messages';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths.ts';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { staffAreaStubs } from '../../../testing/staff-area.ts';
import { programmeCatalogue } from '../../../testing/student-area.ts';

describe('the staff Programmes page', () => {
  it('lists the catalogue, adds a programme, and maps an unmapped degree to one', async () => {
    const mapped = messages.mapped('B.Tech (Hons.)', 'B.Tech Computer Science and Engineering', 2);
    const { calls } = stubApi({
      ...staffAreaStubs(),
      'GET /api/programmes': { body: { message: programmeCatalogue } },
      'GET /api/college-staff/unmappedDegrees': {
        body: { message: [{ text: 'B.Tech (Hons.)', students: 2 }] },
      },
      'POST /api/college-staff/programmes': (body) => ({
        status: 201,
        body: {
          message: {
            ...programmeCatalogue[0],
            ...(body as object),
            _id: 'new',
            name: 'B.Tech Aerospace',
            students: 0,
          },
        },
      }),
      'POST /api/college-staff/unmappedDegrees': { body: { message: mapped } },
    });
    const { user } = renderApp(paths.staff.programmes);

    const table = await screen.findByRole('table', { name: 'Programmes' });
    expect(
      within(table).getByRole('row', { name: /B.Tech Production Engineering \(retired\) BTECH-PE/ }),
    ).toBeVisible();
    expect(
      within(table).getByRole('button', { name: 'Offer again B.Tech Production Engineering' }),
    ).toBeVisible();

    await user.type(screen.getByLabelText('Code'), 'BTECH-AE');
    await user.type(screen.getByLabelText('Degree'), 'B.Tech');
    await user.type(screen.getByLabelText('Branch'), 'Aerospace');
    await user.click(screen.getByRole('button', { name: 'Add programme' }));
    expect(await screen.findByText('Programme B.Tech Aerospace added.')).toBeVisible();
    expect(
      calls.find((c) => c.method === 'POST' && c.path === '/api/college-staff/programmes')?.body,
    ).toEqual({
      code: 'BTECH-AE',
      level: 'Undergraduate',
      degree: 'B.Tech',
      branch: 'Aerospace',
      durationYears: 4,
    });

    await user.selectOptions(
      screen.getByLabelText('Programme for B.Tech (Hons.)'),
      'B.Tech Computer Science and Engineering (BTECH-CSE)',
    );
    await user.click(screen.getByRole('button', { name: 'Map B.Tech (Hons.)' }));
    expect(await screen.findByText(mapped)).toBeVisible();
    expect(
      calls.find((c) => c.path === '/api/college-staff/unmappedDegrees' && c.method === 'POST')?.body,
    ).toEqual({
      text: 'B.Tech (Hons.)',
      code: 'BTECH-CSE',
    });
  });
});
