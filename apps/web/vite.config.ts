import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    // The API lives on the Fastify server. The Host header is passed through unchanged so the
    // server's same-origin check sees the browser's Origin and Host agree.
    proxy: { '/api': { target: 'http://localhost:3000' } },
  },
  build: {
    // Prints each chunk's gzip size, which is how the landing-page budget is checked.
    reportCompressedSize: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Validation and form code is only needed by the sign-in/up pages and the areas, never by
          // the landing page; a named chunk makes that visible in the build report.
          // includeDependenciesRecursively is off so React itself is not dragged into that chunk
          // (which would make the landing page preload the whole form stack).
          groups: [
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
});
