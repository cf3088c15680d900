// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import fs from 'node:fs';
import globals from 'globals';

/** The web app's feature folders: each may import only from itself, lib, components, config and contracts. */
const webFeatures = fs
  .readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The server's modules (apps/server/src/modules/<module>). */
const serverModules = fs
  .readdirSync(new URL('./apps/server/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Besides its service and its read model, the files a module lets others import: the write helpers
 * a repo calls inside its own transaction, the rules two modules share, and pure helpers.
 * docs/architecture.md ("Module edges") says why each is here.
 * @type {Record<string, string[]>}
 */
const sharedModuleFiles = {
  announcements: ['announce.ts'],
  auth: ['signin-throttle.ts', 'trusted-devices.ts'],
  calendar: ['calendar-events.ts'],
  eligibility: ['eligibility.ts'],
  'email-change': ['void-email-changes.ts'],
  mail: ['emails.ts', 'outbox-queue.ts', 'college-links.ts'],
  live: ['publish.ts'],
  messaging: ['timeline.ts'],
  notifications: ['notify.ts'],
  'student-visibility': ['student-visibility.ts'],
};
/** @param {string} module @param {string} file */
const moduleFile = (module, file) => new URL(`./apps/server/src/modules/${module}/${file}`, import.meta.url);
for (const [module, files] of Object.entries(sharedModuleFiles)) {
  for (const file of files) {
    if (!fs.existsSync(moduleFile(module, file))) throw new Error(`sharedModuleFiles: no ${module}/${file}`);
  }
}

/**
 * Every file one module may import from another, relative to modules/: each module's service
 * (`<module>.service.ts`: the service and its types), its read model (`<module>.read.ts`: narrow
 * read-only queries, mappers and shapes) and its shared files above. Never a repo or routes.
 */
const declaredModuleExports = serverModules.flatMap((module) =>
  [`${module}.service.ts`, `${module}.read.ts`, ...(sharedModuleFiles[module] ?? [])]
    .filter((file) => fs.existsSync(moduleFile(module, file)))
    .map((file) => `./${module}/${file}`),
);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      '**/drizzle/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': 'off',
      'import/no-cycle': ['error', { ignoreExternal: true }],
      // Fastify plugins and hooks are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests read JSON replies loosely and assert on them; the assertions are the type check there.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: globals.node },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // Imports flow one way: lib -> features -> app. Features never import each other or the app.
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './apps/web/src/features', from: './apps/web/src/app' },
            { target: './apps/web/src/lib', from: ['./apps/web/src/features', './apps/web/src/app'] },
            { target: './apps/web/src/components', from: ['./apps/web/src/features', './apps/web/src/app'] },
            { target: './apps/web/src', from: './apps/server' },
            // A feature imports no other feature: what two features share lives in lib or components,
            // and a page in app/ composes them.
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message: 'features do not import each other: move the shared piece to lib/ or components/',
            })),
          ],
        },
      ],
    },
  },
  {
    // The server's composition roots are imported by nobody but the entry point and tests: scripts
    // build on services.ts, never app.ts; modules, plugins, lib and db import neither.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/test/**'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./apps/server/src/modules', './apps/server/src/plugins', './apps/server/src/lib'],
              from: [
                './apps/server/src/app.ts',
                './apps/server/src/services.ts',
                './apps/server/src/workers.ts',
                './apps/server/src/server.ts',
              ],
            },
            {
              target: './apps/server/src/db',
              from: ['./apps/server/src/app.ts', './apps/server/src/server.ts'],
            },
            // Module edges: a module imports from another only what that one declares (its service,
            // its read model, its shared files); another module's repo or routes never.
            ...serverModules.map((module) => ({
              target: `./apps/server/src/modules/${module}`,
              from: './apps/server/src/modules',
              except: [`./${module}`, ...declaredModuleExports],
              message:
                'from another module, import only its <module>.service.ts, <module>.read.ts or a shared file declared in eslint.config.js (sharedModuleFiles), never its repo or routes',
            })),
          ],
        },
      ],
      // config.ts parses the environment once; everything else receives its typed Config.
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'read settings from config.ts, the only reader of process.env',
        },
      ],
    },
  },
  {
    files: ['apps/server/src/config.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // Time comes from the one clock (lib/clock.ts), injected: its day is the deployment's (TIME_ZONE).
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'take the time from the injected clock (lib/clock.ts): clock.now(), clock.today()',
        },
        {
          selector: "MemberExpression[object.name='Date'][property.name='now']",
          message: 'take the time from the injected clock (lib/clock.ts): clock.now()',
        },
      ],
    },
  },
  {
    // The web app reads no process environment at all: its settings come from the server at run time.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'the browser has no process.env' },
      ],
    },
  },
  {
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['@portal/*', 'fastify*', 'react*'], message: 'contracts depend on zod only' }],
        },
      ],
    },
  },
);
