import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { paths } from '../config/paths.ts';
import { LandingPage } from './routes/public/landing.tsx';
import { PublicLayout } from './routes/public/public-layout.tsx';

/**
 * The landing page as HTML, rendered once at build time (apps/web/prerender-landing.ts) into the
 * `landing.html` the server sends for `/`: a visitor reads it as soon as the HTML and CSS arrive,
 * before any JavaScript. main.tsx keeps it on screen until the router's first loaders are done, then
 * renders the same page over it.
 */
export function renderLanding(): string {
  return renderToString(
    <StaticRouter location={paths.home}>
      <Routes>
        <Route element={<PublicLayout />}>
          <Route path={paths.home} element={<LandingPage />} />
        </Route>
      </Routes>
    </StaticRouter>,
  );
}
