import type { VacancyItem } from '@portal/contracts/jobs';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { getVacanciesQueryOptions } from '../features/jobs/api/get-vacancies.ts';
import { startFromPageData } from '../lib/page-data.ts';
import { studentRecord } from '../testing/records.ts';
import { serverRenderedPages } from './render-pages.tsx';

const job: VacancyItem = {
  _id: 'a0b0c0d0-0000-4000-8000-000000000001',
  role: 'Platform Engineer',
  description: 'Ends early? </script><script>alert(1)</script>',
  qualifications: ['B.Tech'],
  startDate: '2026-01-01',
  applicationDeadline: '2027-01-01',
  status: 'Open',
  eligibility: { minCgpa: null, degrees: [], programmes: [], years: [] },
  type: 'Full-time',
  package: 18,
  location: '',
  workMode: 'On-site',
  applied: false,
  tier: 'Dream',
  notEligibleReason: null,
  refusal: null,
  companyName: 'Globex',
};

const vacancies = serverRenderedPages['/student/jobVacancies']!;
const url = new URL('http://portal.test/student/jobVacancies?search=platform&sort=package');

describe('the vacancy page rendered on the server', () => {
  it('reads the student’s record and the first page of the list the URL’s filters ask for', () => {
    expect(vacancies.reads(url)).toEqual([
      '/api/student/getUserData',
      '/api/student/jobs?search=platform&eligibleOnly=true&sort=package&page=1&pageSize=20',
    ]);
  });

  it('draws the area and the jobs from those answers, the side menu left to the CSS', async () => {
    const { html } = await vacancies.render(
      url,
      [{ message: studentRecord }, { message: { items: [job], total: 1 } }],
      'Asia/Kolkata',
    );
    document.body.innerHTML = html;
    expect(document.querySelector('h1')?.textContent).toBe('Student Dashboard');
    expect(document.querySelector('h3')?.textContent).toBe('Platform Engineer');
    expect(document.body.textContent).toContain('Globex');
    expect(document.body.textContent).toContain('Asha Verma');
    expect(document.body.textContent).toContain('Showing 1 of 1 job');
    const search = document.querySelector<HTMLInputElement>('input[type="search"]');
    expect(search?.value).toBe('platform');
    const menu = document.querySelector('aside');
    expect(menu?.hasAttribute('hidden')).toBe(false);
    expect(menu?.className).toContain('hidden lg:flex');
    // The description is text, not markup.
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('hands the app the same answers, under the keys its queries read, with the deployment’s time zone', async () => {
    const { data } = await vacancies.render(
      url,
      [{ message: studentRecord }, { message: { items: [job], total: 1 } }],
      'Asia/Kolkata',
    );
    // Nothing in the data can close its script element early.
    expect(data).not.toContain('</script');
    document.head.innerHTML = `<script type="application/json" id="page-data">${data}</script>`;
    const queryClient = new QueryClient();
    startFromPageData(document, queryClient);
    expect(queryClient.getQueryData(['auth', 'status'])).toBe('student');
    expect(queryClient.getQueryData(['students', 'me'])).toEqual(studentRecord);
    const list = queryClient.getQueryData(
      getVacanciesQueryOptions({
        search: 'platform',
        eligibleOnly: true,
        sort: 'package',
        type: '',
        workMode: '',
        company: '',
        location: '',
        minPackage: '',
      }).queryKey,
    );
    expect(list?.pages[0]?.items[0]?.description).toBe(job.description);
    expect(list?.pageParams).toEqual([1]);
  });

  it('keeps every character whole, however the render splits its output', async () => {
    // Multi-byte characters all through a long page: a chunk boundary falls inside some of them.
    const text = 'é·अ—'.repeat(400);
    const items = Array.from({ length: 20 }, (_, i) => ({
      ...job,
      _id: `a0b0c0d0-0000-4000-8000-${String(i).padStart(12, '0')}`,
      description: text,
    }));
    const { html } = await vacancies.render(
      url,
      [{ message: studentRecord }, { message: { items, total: 20 } }],
      'Asia/Kolkata',
    );
    expect(html).not.toContain('\uFFFD');
    expect(html.split(text)).toHaveLength(21);
  });
});
