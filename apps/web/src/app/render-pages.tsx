import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { StudentRecord } from '@portal/contracts/students';
import type { VacancyPage } from '@portal/contracts/jobs';
import { paths } from '../config/paths.ts';
import { statusQueryKey } from '../features/auth/api/get-status.ts';
import { getVacanciesQueryOptions, vacanciesPath } from '../features/jobs/api/get-vacancies.ts';
import { vacancyFiltersOf } from '../features/jobs/components/use-vacancy-filters.ts';
import {
  getStudentProfileQueryOptions,
  studentProfilePath,
} from '../features/students/api/get-student-profile.ts';
import { messageOf } from '../lib/api-client.ts';
import { setDisplayTimeZone } from '../lib/dates.ts';
import { pageDataJson } from '../lib/page-data.ts';
import { StudentLayout } from './routes/student/student-layout.tsx';
import { JobVacanciesPage } from './routes/student/student-pages.tsx';

/**
 * A page the server renders for a signed-in user: its HTML, and the data the app starts from as
 * JSON that is safe inside a script element (lib/page-data.ts).
 */
export type RenderedPage = { html: string; data: string };

/**
 * A page the server sends rendered (apps/server/src/plugins/web-app.ts): which API answers it is
 * drawn from for a URL, and its HTML once the server has them. The server asks its own API for
 * them, as the signed-in browser would, with its cookie; any answer but a 200 sends the plain app.
 */
export type ServerRenderedPage = {
  /** The frame it is sent in, `templates/<name>.html` of the web build (app/page-template.ts). */
  template: string;
  /** The API paths (with their query) the page at `url` reads, in the order `render` takes them. */
  reads: (url: URL) => string[];
  /** The page, from the JSON bodies the API answered for `reads`, times shown in `timeZone`. */
  render: (url: URL, answers: unknown[], timeZone: string) => Promise<RenderedPage>;
};

/**
 * Renders `page` at `url` inside its area, the query cache already holding what it reads. A data
 * router, as in the app (the pages ask for navigation state); none of its routes loads anything, and
 * it writes no script of its own (`hydrate={false}`): the app takes the page over (main.tsx).
 */
async function renderInArea(url: URL, area: ReactNode, page: ReactNode, queryClient: QueryClient) {
  const handler = createStaticHandler([{ element: area, children: [{ path: url.pathname, element: page }] }]);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`the page at ${url.pathname} answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </QueryClientProvider>,
  );
}

/**
 * The student's vacancy page, the busiest page of placement day: the first page of the list for
 * the filters in the URL, with the student's record (the area's frame, the debarment notice).
 * A phone shows the jobs as soon as the HTML and CSS arrive, before the app's scripts have run.
 */
const studentJobVacancies: ServerRenderedPage = {
  template: 'student',
  reads: (url) => [studentProfilePath, vacanciesPath(vacancyFiltersOf(url.searchParams), 1)],
  render: async (url, answers, timeZone) => {
    const [profile, firstPage] = answers.map(messageOf);
    setDisplayTimeZone(timeZone);
    const queryClient = new QueryClient();
    queryClient.setQueryData(statusQueryKey, 'student');
    queryClient.setQueryData(getStudentProfileQueryOptions().queryKey, profile as StudentRecord);
    queryClient.setQueryData(getVacanciesQueryOptions(vacancyFiltersOf(url.searchParams)).queryKey, {
      pages: [firstPage as VacancyPage],
      pageParams: [1],
    });
    const html = await renderInArea(url, <StudentLayout />, <JobVacanciesPage />, queryClient);
    const data = pageDataJson({ timeZone, queries: dehydrate(queryClient) });
    queryClient.clear();
    return { html, data };
  },
};

export { pageTemplate } from './page-template.ts';

/** The pages the server renders, by path. */
export const serverRenderedPages: Record<string, ServerRenderedPage> = {
  [paths.student.jobVacancies]: studentJobVacancies,
};
