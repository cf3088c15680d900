import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text that shrinks; fonts, images and PDFs are compressed already or barely shrink. */
const compressible = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;

/** Under this the server sends files as they are too (its compression threshold). */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/**
 * Writes `name.br` and `name.gz` beside every text file of the build, at the strongest settings
 * (brotli 11, gzip 9): spent once at build time, where a server compressing per request has to
 * settle for quick settings. The server sends them as they are (`@fastify/static` `preCompressed`).
 */
export function compressAssets(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'portal:compress-assets',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    // After the bundle and the public folder are written, so every file of dist is covered.
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const files = (await filesUnder(outDir)).filter((file) => compressible.test(file));
      const counts = await Promise.all(
        files.map(async (file) => {
          const content = await fs.readFile(file);
          if (content.length < MIN_BYTES) return 0;
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
          return 1;
        }),
      );
      const written = counts.reduce((sum: number, n) => sum + n, 0);
      config.logger.info(`precompressed ${written} files (.br and .gz beside each)`);
    },
  };
}
