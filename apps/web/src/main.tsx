import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers.tsx';
import { AppRouter, createAppRouter, routerReady } from './app/router.tsx';
import { createQueryClient } from './lib/query-client.ts';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// The landing page arrives rendered (landing.html): it stays as it is until the router knows what
// to show, rather than giving way to the loading screen and coming back.
if (root.hasAttribute('data-prerendered')) await routerReady(router);

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <AppRouter router={router} />
    </AppProviders>
  </StrictMode>,
);
