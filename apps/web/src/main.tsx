import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers.tsx';
import { AppRouter, createAppRouter } from './app/router.tsx';
import { createQueryClient } from './lib/query-client.ts';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <AppRouter router={router} />
    </AppProviders>
  </StrictMode>,
);
