import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compressAssets } from './compress-assets.ts';
import { endpointRoutesOnly } from './endpoint-routes-only.ts';
import { pageEntries, prerenderPages } from './prerender-pages.ts';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), endpointRoutesOnly(), prerenderPages(), compressAssets()],
  server: {
    // The API lives on the Fastify server. The Host header is passed through unchanged so the
    // server's same-origin check sees the browser's Origin and Host agree.
    proxy: { '/api': { target: 'http://localhost:3000' } },
  },
  // The server-side build (`vite build --ssr src/app/render-pages.tsx`, into dist-ssr) carries the
  // libraries it renders with, so the server loads one file and needs none of the web's packages.
  // (Only there: the build's own page rendering, in prerender-pages.ts, loads them as Node does.)
  // React's production build whatever NODE_ENV the server runs with (a development server would
  // otherwise render with React's checks, several times slower).
  ...(isSsrBuild
    ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } }
    : {}),
  build: {
    // Prints each chunk's gzip size, which is how the landing-page budget is checked.
    reportCompressedSize: true,
    rolldownOptions: {
      // The app starts at index.html; the pages written by prerenderPages run their own small
      // scripts: the landing page's never loads the app, the sign-in pages' loads it after the paint.
      input: {
        index: here('index.html'),
        landing: here(pageEntries.landing),
        prerendered: here(pageEntries.prerendered),
      },
      output: {
        codeSplitting: {
          // Validation and form code is only needed by the sign-in/up pages and the areas, never by
          // the landing page; a named chunk makes that visible in the build report.
          // includeDependenciesRecursively is off so React itself is not dragged into that chunk
          // (which would make the landing page preload the whole form stack).
          groups: [
            // The libraries every page runs, each its own chunk: they change less often than our
            // code, so a release leaves them cached, and the browser fetches them side by side.
            { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ },
            { name: 'react-router', test: /node_modules[\\/]react-router[\\/]/ },
            {
              name: 'forms',
              test: /node_modules[\\/](zod|react-hook-form|@hookform)[\\/]/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
}));
