import fs from 'node:fs/promises';
import path from 'node:path';
import { createServer, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';
import { pageTemplate } from './src/app/page-template.ts';

type OutputBundle = Rolldown.OutputBundle;

/** The entries of the pages sent rendered (vite.config.ts lists them beside index.html). */
export const pageEntries = {
  /** The landing page's own script: it never runs the app. */
  landing: 'src/landing.ts',
  /** The sign-in pages' script: it runs the app once the page is on screen. */
  prerendered: 'src/prerendered-page.ts',
};

/** The modules behind the sign-in pages' route, fetched with the app rather than after it. */
const signinModules = ['src/app/routes/public/signin-pages.tsx', 'src/lib/zod-config.ts'];

/** The modules behind the student's vacancy page (the page the server renders), fetched with the app. */
const studentAreaModules = [
  'src/app/routes/student/student-layout.tsx',
  'src/app/routes/student/job-vacancies-page.tsx',
  'src/features/students/api/get-student-profile.ts',
];

const emptyRoot = '<div id="root"></div>';

const tag = {
  script: /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g,
  modulepreload: /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g,
};

/** A chunk's file and every file it imports, directly or not. */
function withImports(bundle: OutputBundle, fileName: string, seen = new Set<string>()): Set<string> {
  if (seen.has(fileName)) return seen;
  seen.add(fileName);
  const chunk = bundle[fileName];
  if (chunk?.type === 'chunk') for (const file of chunk.imports) withImports(bundle, file, seen);
  return seen;
}

/** The chunk built from that module, with the files it imports. */
function chunkOf(bundle: OutputBundle, module: string): string[] {
  const chunk = Object.values(bundle).find(
    (file) => file.type === 'chunk' && file.facadeModuleId?.endsWith(module),
  );
  if (chunk?.type !== 'chunk') throw new Error(`the build has no chunk for ${module}`);
  return [...withImports(bundle, chunk.fileName)];
}

/**
 * A built page with its scripts swapped for a page's own small one (`own`, its entry first): the app's
 * scripts are listed in `<script type="application/json" id="app-scripts">` for that one to load
 * when it sees fit, and `body` goes inside #root (with `rootAttributes`, if any).
 */
function pageWith(
  index: string,
  own: string[],
  appScripts: string[],
  body: string,
  rootAttributes = '',
): string {
  const [script, ...imports] = own;
  const head = [
    `<script type="module" crossorigin src="${script}"></script>`,
    ...imports.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    `<script type="application/json" id="app-scripts">${JSON.stringify(appScripts)}</script>`,
  ].join('\n    ');
  return index
    .replace(tag.script, '')
    .replace(tag.modulepreload, '')
    .replace('\n  </head>', `\n    ${head}\n  </head>`)
    .replace(emptyRoot, `<div id="root"${rootAttributes}>${body}</div>`);
}

/**
 * Writes the pages the build renders to HTML (src/app/prerender-pages.tsx, loaded through Vite's SSR
 * loader so it compiles as the app does), each the built index.html with the page inside #root and
 * its own small script in place of the app's:
 * - `landing.html`, sent for `/`, runs src/landing.ts, which preloads the app's scripts only when the
 *   visitor heads for a link.
 * - `pages/<path>.html` for each sign-in page, sent for its path, runs src/prerendered-page.ts, which
 *   starts the app (and the sign-in page's own chunks) once the page is painted; #root is marked
 *   `data-prerendered`, so main.tsx renders over it only once the router is ready.
 * - `templates/student.html`, the frame of the student pages the server renders with the student's
 *   data (src/app/render-pages.tsx): the same script as the sign-in pages, the student area's chunks
 *   listed with the app's, and marks where the server puts the page and its data.
 * Runs before compressAssets, which then writes their .br and .gz.
 */
export function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  const scripts = {
    landing: [] as string[],
    prerendered: [] as string[],
    signin: [] as string[],
    studentArea: [] as string[],
  };
  return {
    name: 'portal:prerender-pages',
    // Not in the server-side build of src/app/render-pages.tsx, which has no pages of its own.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      const urls = (files: string[]) => files.map((file) => `${config.base}${file}`);
      scripts.landing = urls(chunkOf(bundle, pageEntries.landing));
      scripts.prerendered = urls(chunkOf(bundle, pageEntries.prerendered));
      const chunksOf = (modules: string[]) =>
        urls([...new Set(modules.flatMap((module) => chunkOf(bundle, module)))]);
      scripts.signin = chunksOf(signinModules);
      scripts.studentArea = chunksOf(studentAreaModules);
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
        const { renderLanding, renderSigninPages } = (await server.ssrLoadModule(
          '/src/app/prerender-pages.tsx',
        )) as { renderLanding: () => string; renderSigninPages: () => Record<string, string> };
        const index = await fs.readFile(path.join(outDir, 'index.html'), 'utf8');
        if (!index.includes(emptyRoot)) throw new Error('index.html has no empty #root to fill');
        const appScripts = [...index.matchAll(tag.script), ...index.matchAll(tag.modulepreload)].map(
          (match) => match[1]!,
        );
        if (appScripts.length === 0) throw new Error('index.html loads no script to swap for a page’s own');

        const landing = pageWith(index, scripts.landing, appScripts, renderLanding());
        await fs.writeFile(path.join(outDir, 'landing.html'), landing);

        const signinScripts = [...new Set([...appScripts, ...scripts.signin])];
        for (const [route, html] of Object.entries(renderSigninPages())) {
          const file = path.join(outDir, 'pages', `${route.replace(/^\//, '')}.html`);
          await fs.mkdir(path.dirname(file), { recursive: true });
          const page = pageWith(index, scripts.prerendered, signinScripts, html, ' data-prerendered');
          await fs.writeFile(file, page);
        }

        // The student area's pages the server renders (src/app/render-pages.tsx) go out in this
        // frame: the server puts the page and its data where the marks are.
        const studentScripts = [...new Set([...appScripts, ...scripts.studentArea])];
        const studentTemplate = path.join(outDir, pageTemplate.file('student'));
        await fs.mkdir(path.dirname(studentTemplate), { recursive: true });
        const dataScript = `<script type="application/json" id="page-data">${pageTemplate.data}</script>`;
        await fs.writeFile(
          studentTemplate,
          pageWith(
            index,
            scripts.prerendered,
            studentScripts,
            pageTemplate.html,
            ' data-prerendered',
          ).replace('\n  </head>', `\n    ${dataScript}\n  </head>`),
        );
      } finally {
        await server.close();
      }
    },
  };
}
