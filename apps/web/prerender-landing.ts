import fs from 'node:fs/promises';
import path from 'node:path';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';

/** The landing page's own entry (vite.config.ts lists it beside index.html). */
export const landingEntry = 'src/landing.ts';

const tag = {
  script: /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g,
  modulepreload: /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g,
};

/**
 * Writes `landing.html`, the page the server sends for `/`: the built index.html with the landing
 * page rendered inside #root (src/app/prerender-landing.tsx, loaded through Vite's SSR loader so it
 * compiles as the app does) and the app's scripts swapped for the landing page's own small one
 * (src/landing.ts). The app's scripts are listed in the page for that script to preload when the
 * visitor heads for a link. Runs before compressAssets, which then writes its .br and .gz.
 */
export function prerenderLanding(): Plugin {
  let config: ResolvedConfig;
  let landingScripts: string[] = [];
  return {
    name: 'portal:prerender-landing',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find(
        (file) => file.type === 'chunk' && file.isEntry && file.facadeModuleId?.endsWith(landingEntry),
      );
      if (entry?.type !== 'chunk') throw new Error(`the build has no chunk for ${landingEntry}`);
      const base = config.base;
      landingScripts = [entry.fileName, ...entry.imports].map((file) => `${base}${file}`);
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
        const appScripts = [...index.matchAll(tag.script), ...index.matchAll(tag.modulepreload)].map(
          (match) => match[1]!,
        );
        if (appScripts.length === 0)
          throw new Error('index.html loads no script to swap for the landing one');
        const [landingScript, ...landingImports] = landingScripts;
        const head = [
          `<script type="module" crossorigin src="${landingScript}"></script>`,
          ...landingImports.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
          `<script type="application/json" id="app-scripts">${JSON.stringify(appScripts)}</script>`,
        ].join('\n    ');
        const landing = index
          .replace(tag.script, '')
          .replace(tag.modulepreload, '')
          .replace('\n  </head>', `\n    ${head}\n  </head>`)
          .replace(root, `<div id="root">${renderLanding()}</div>`);
        await fs.writeFile(path.join(outDir, 'landing.html'), landing);
      } finally {
        await server.close();
      }
    },
  };
}
