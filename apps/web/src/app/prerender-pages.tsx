import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { paths } from '../config/paths.ts';
import { LandingPage } from './routes/public/landing.tsx';
import { PublicLayout } from './routes/public/public-layout.tsx';
import { CompanySignin, StaffSignin, StudentSignin } from './routes/public/signin-pages.tsx';

/** A page rendered to HTML at build time, inside the frame the router gives it. */
function render(path: string, Page: ComponentType): string {
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <StaticRouter location={path}>
        <Routes>
          <Route element={<PublicLayout />}>
            <Route path={path} element={<Page />} />
          </Route>
        </Routes>
      </StaticRouter>
    </QueryClientProvider>,
  );
}

/**
 * The landing page as HTML, rendered once at build time (apps/web/prerender-pages.ts) into the
 * `landing.html` the server sends for `/`: a visitor reads it as soon as the HTML and CSS arrive. It
 * runs its own small script (src/landing.ts), not the app.
 */
export const renderLanding = () => render(paths.home, LandingPage);

/**
 * The sign-in pages as HTML, each written to `pages/<path>.html` and sent for its path: the form is
 * on screen, and can be typed into, before the app's scripts arrive. The app then takes the page's
 * place once its router is ready (main.tsx), carrying over what was typed (lib/take-over-page.ts).
 * Until then the Sign In button is disabled, so nothing is sent by the browser itself.
 */
export const renderSigninPages = (): Record<string, string> => ({
  [paths.signin.student]: render(paths.signin.student, StudentSignin),
  [paths.signin.staff]: render(paths.signin.staff, StaffSignin),
  [paths.signin.company]: render(paths.signin.company, CompanySignin),
});
