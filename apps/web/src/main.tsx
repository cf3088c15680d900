import { startTransition, StrictMode, useLayoutEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders } from './app/providers.tsx';
import { AppRouter, createAppRouter, routerReady } from './app/router.tsx';
import { startFromPageData } from './lib/page-data.ts';
import { createQueryClient } from './lib/query-client.ts';
import { takeOverPage } from './lib/take-over-page.ts';
import { enableControlsForApp } from './lib/until-app-runs.ts';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
// A page the server rendered comes with the answers it was drawn from (lib/page-data.ts).
const sentWithData = startFromPageData(document, queryClient);
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
  // A page that arrives rendered stays as it is until the router knows what to show (its first
  // loaders and the lazy page's code).
  const sentPath = window.location.pathname;
  await routerReady(router);
  const samePage = router.state.location.pathname === sentPath;
  if (sentWithData && samePage) {
    // A page the server rendered from this user's data (the student's vacancy page) is the app's
    // own first render (app/render-pages.tsx): React adopts its elements as they are (hydration),
    // in slices, once the controls that waited for it are enabled (then the two match exactly).
    enableControlsForApp(root);
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    // A page the build rendered (the sign-in forms, app/prerender-pages.tsx), which takes input
    // meanwhile: the app renders it into a container of its own, off the document and in slices (a
    // transition yields to the browser every few milliseconds, so the page never freezes), and
    // takes the page's place once committed, with what was typed in it.
    const container = document.createElement('div');
    const takeOver = () => takeOverPage(root, container, { samePage });
    startTransition(() => createRoot(container).render(<OnFirstCommit run={takeOver} />));
  }
} else {
  createRoot(root).render(app);
}
