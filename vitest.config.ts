import { defineConfig } from 'vitest/config';

const WORKER_EXIT = './testing/report-worker-exit.ts';
// One migrated PGlite per run, which each test database starts as a copy of (test-db.ts).
const PGLITE_TEMPLATE = './testing/pglite-template.ts';

// One runner for every workspace: node for packages and the API, jsdom for the web app.
export default defineConfig({
  test: {
    // Vitest's default on this 2-core machine is one file at a time (cores - 1). A test file
    // spends much of its time waiting (on PGlite's worker thread, a child process, a timer),
    // so two at once keep both cores busy (docs/benchmarks.md, "Test suite time").
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'packages',
          include: ['packages/*/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: [WORKER_EXIT],
          globalSetup: [PGLITE_TEMPLATE],
          // Migrating a fresh PGlite takes seconds on a busy CI machine, as in the api project.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          exclude: ['apps/api/src/instances/**'],
          environment: 'node',
          setupFiles: [WORKER_EXIT],
          globalSetup: [PGLITE_TEMPLATE],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // Several real server processes on one PostgreSQL server (and Redis): run by
          // `npm run test:postgres`, which has both, never by the PGlite-only `npm test`.
          name: 'instances',
          include: ['apps/api/src/instances/**/*.test.ts'],
          environment: 'node',
          setupFiles: [WORKER_EXIT],
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
      './apps/web/vite.config.ts',
    ],
  },
});
