# syntax=docker/dockerfile:1
# The portal as one image: `docker build -t placement-portal .`, then see docs/deploy.md.
# Written from Docker's documentation; the runtime stage was rehearsed without Docker by copying
# the same files into a folder and starting the server there (docs/deploy.md says how).

# Node 26 is the active LTS (engines: >=22); CI runs the API suite on it besides the machine's Node.
ARG NODE_VERSION=26

# --- build: every dependency, then `npm run build` (apps/server/dist/server.js, apps/web/dist, apps/web/dist-ssr) ---
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
# The manifests first: a change to the sources alone reuses the installed layer. npm ci wants every
# workspace's package.json to match the lockfile; the root's postinstall applies patches/.
COPY package.json package-lock.json ./
COPY patches ./patches
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- prod-deps: what the bundle leaves as imports, i.e. the server's dependencies only ---
# apps/server/build.mjs bundles the contracts and keeps every installed package external (argon2's
# native addon, PGlite's WebAssembly, the S3 client, ...), so the server workspace's production
# dependencies are what it needs. --ignore-scripts: the root's postinstall runs patch-package, a
# devDependency absent here, so the build stage's copy of it applies patches/ instead (the
# postgres-js fix in docs/reliability.md; it fails loudly if a patch no longer applies).
FROM build AS prod-deps
WORKDIR /prod
COPY package.json package-lock.json ./
COPY patches ./patches
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --ignore-scripts --workspace @portal/server --no-audit --no-fund \
  && /app/node_modules/.bin/patch-package

# --- runtime: node, the server's dependencies, the bundle, the migrations and the web app ---
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=prod-deps /prod/node_modules ./node_modules
# "type": "module" in these makes Node load dist/server.js as an ES module.
COPY --from=build /app/package.json ./
COPY --from=build /app/apps/server/package.json ./apps/server/
COPY --from=build /app/apps/server/dist ./apps/server/dist
# Read at run time from paths relative to apps/server (src/server-root.ts): the migrations, and the
# web app (WEB_DIST_DIR's default, apps/web/dist). DATA_DIR's default is /app/data.
COPY --from=build /app/apps/server/drizzle ./apps/server/drizzle
COPY --from=build /app/apps/web/dist ./apps/web/dist
# What the server renders the student's vacancy page with (beside WEB_DIST_DIR; one file and its
# chunks, libraries bundled in). Without it the page goes out unrendered, as any other.
COPY --from=build /app/apps/web/dist-ssr ./apps/web/dist-ssr
# The code stays root's and read-only; the server, as `node`, writes only the data folder (the
# embedded database unless DATABASE_URL is set, uploads unless S3_BUCKET is).
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME /app/data
EXPOSE 3000
# Liveness only (no database call); a load balancer should ask /ready, as compose.yaml does.
# Slim images have no curl: Node's own fetch asks.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node is PID 1 and handles SIGTERM itself (src/server.ts): requests under way finish, the mail
# sender and announcer stop, the database closes. Give it the time: `docker stop -t 30`.
CMD ["node", "--enable-source-maps", "apps/server/dist/server.js"]
