import fs from 'node:fs/promises';
import path from 'node:path';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';

/**
 * Writes `landing.html`: the built index.html with the landing page rendered inside #root
 * (src/app/prerender-landing.tsx, loaded through Vite's SSR loader so it compiles as the app does).
 * Runs before compressAssets, which then writes its .br and .gz.
 */
export function prerenderLanding(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'portal:prerender-landing',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const server = await createServer({
        configFile: config.configFile,
        root: config.root,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
      });
      try {
        const { renderLanding } = (await server.ssrLoadModule('/src/app/prerender-landing.tsx')) as {
          renderLanding: () => string;
        };
        const index = await fs.readFile(path.join(outDir, 'index.html'), 'utf8');
        const root = '<div id="root"></div>';
        if (!index.includes(root)) throw new Error(`index.html has no empty ${root} to fill`);
        const landing = index.replace(root, `<div id="root" data-prerendered>${renderLanding()}</div>`);
        await fs.writeFile(path.join(outDir, 'landing.html'), landing);
      } finally {
        await server.close();
      }
    },
  };
}
