import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { createRoutes } from '../app/router.tsx';
import { createQueryClient } from '../lib/query-client.ts';

function renderWith(makeRoutes: (queryClient: QueryClient) => RouteObject[], url: string) {
  // The app's own client (its failure toasts included), without retries so a failure shows at once.
  const queryClient = createQueryClient({ retry: false });
  const router = createMemoryRouter(makeRoutes(queryClient), { initialEntries: [url] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, user, router, queryClient };
}

/** Renders the whole app (every route, guard and lazy page) at `url`, with the app's providers. */
export const renderApp = (url: string) => renderWith(createRoutes, url);

/** Renders a few routes of one's own inside the app's providers (query client, toasts). */
export const renderRoutes = (routes: RouteObject[], url: string) => renderWith(() => routes, url);
