import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
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
import { createQueryClient } from '../lib/query-client.ts';
import { AppProviders } from './providers.tsx';
import { createRoutes } from './router.tsx';

/**
 * A page the server renders for a signed-in user: its HTML, and the data the app starts from as
 * JSON that is safe inside a script element (lib/page-data.ts).
 */
export type RenderedPage = { html: string; data: string };

/**
 * A page the server sends rendered (apps/server/src/plugins/server-rendered-pages.ts): which API answers it is
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
 * The whole app at `url`, as the browser's first render will draw it once the router is ready
 * (main.tsx), so the browser hydrates this HTML rather than drawing it again: the same providers,
 * the same routes and guards (which read the role and the record from the query cache, already
 * holding them), a static router in place of the browser's. It writes no script of its own
 * (`hydrate={false}`); the app's router runs its loaders again, answered from the same cache.
 */
async function renderApp(url: URL, queryClient: QueryClient): Promise<string> {
  const handler = createStaticHandler(createRoutes(queryClient));
  const context = await handler.query(new Request(url));
  // A guard's redirect (the cache said another role): the plain app will handle it.
  if (context instanceof Response) throw new Error(`the page at ${url.pathname} redirected`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderWhole(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
}

/**
 * The HTML of `element` once everything in it is ready, lazy parts included (the toaster): the
 * browser then hydrates a complete page. (renderToString would leave a lazy part to the browser,
 * which React reports as an error while hydrating.)
 */
function renderWhole(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    // Decoded once at the end: a chunk may end inside a character.
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    });
  });
}

const studentJobVacancies: ServerRenderedPage = {
  template: 'student',
  reads: (url) => [studentProfilePath, vacanciesPath(vacancyFiltersOf(url.searchParams), 1)],
  render: async (url, answers, timeZone) => {
    const [profile, firstPage] = answers.map(messageOf);
    setDisplayTimeZone(timeZone);
    // The app's own client and defaults: what it holds is fresh, so the guards ask nothing.
    const queryClient = createQueryClient({ retry: false });
    queryClient.setQueryData(statusQueryKey, 'student');
    queryClient.setQueryData(getStudentProfileQueryOptions().queryKey, profile as StudentRecord);
    queryClient.setQueryData(getVacanciesQueryOptions(vacancyFiltersOf(url.searchParams)).queryKey, {
      pages: [firstPage as VacancyPage],
      pageParams: [1],
    });
    const html = await renderApp(url, queryClient);
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
