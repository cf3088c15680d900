// `npm run build -w @portal/server`: the server as one JavaScript file, dist/server.js, so it runs
// on plain Node with no TypeScript loader. The shared contracts are TypeScript sources, so they are
// bundled in; every installed package stays an import (native addons, PGlite's WebAssembly and the
// OpenAPI page's files load from their own folders).
import { build } from 'esbuild';

const installedPackages = {
  name: 'installed-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  plugins: [installedPackages],
  logLevel: 'warning',
});
