import { startTransition, StrictMode, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers.tsx';
import { AppRouter, createAppRouter, routerReady } from './app/router.tsx';
import { startFromPageData } from './lib/page-data.ts';
import { createQueryClient } from './lib/query-client.ts';
import { takeOverPage } from './lib/take-over-page.ts';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
// A page the server rendered comes with the answers it was drawn from (lib/page-data.ts).
startFromPageData(document, queryClient);
const router = createAppRouter(queryClient);
const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <AppRouter router={router} />
    </AppProviders>
  </StrictMode>
);

/** Runs once the app's first render is in its container (a parent's layout effect runs last). */
function OnFirstCommit({ run }: { run: () => void }) {
  useLayoutEffect(run, [run]);
  return app;
}

if (root.hasAttribute('data-prerendered')) {
  // A sign-in page arrives rendered (app/prerender-pages.tsx), as does the student's vacancy page
  // (app/render-pages.tsx, with its data), and stays as it is, taking input,
  // until the router knows what to show. The app then renders it into a container of its own, off
  // the document and in slices (a transition yields to the browser every few milliseconds, so the
  // page never freezes), and takes the page's place once committed, with what was typed in it.
  const sentPath = window.location.pathname;
  await routerReady(router);
  const container = document.createElement('div');
  const samePage = router.state.location.pathname === sentPath;
  const takeOver = () => takeOverPage(root, container, { samePage });
  startTransition(() => createRoot(container).render(<OnFirstCommit run={takeOver} />));
} else {
  createRoot(root).render(app);
}
