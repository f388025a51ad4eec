import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { webProjects } from './apps/web/vitest.config.js';

/**
 * Six projects: `unit` (pure code, beside it as *.test.ts), `integration` (*.int.test.ts through
 * app.inject on a real database: PGlite, or PostgreSQL with TEST_DB=postgres), `web` and
 * `web-isolated` (components in jsdom, apps/web/vitest.config.ts), `tools` (*.tools.test.ts: files the product
 * writes read back by Debian's tools, as csvkit's csvclean; run by scripts/test.mjs when the tools
 * are installed, always by CI) and `scale` (*.scale.test.ts: several server instances on
 * PostgreSQL and Redis; run by scripts/test.mjs when DATABASE_URL and REDIS_URL are set).
 */
export default defineConfig({
  test: {
    // One test file per core. Vitest's default leaves a core to its own process (one file at a
    // time on a 2-core machine), which sits idle while the files run: on this project's 2-core
    // machine the PGlite pass took 593 s with one worker and 427 s with two (docs/testing.md has the figures).
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/*.scale.test.ts', '**/*.tools.test.ts', '**/node_modules/**'],
          // Pure code: the files of a worker share their modules (docs/testing.md).
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['apps/server/**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          setupFiles: ['apps/server/test/one-query-at-a-time.ts'],
          // The files of a worker share their modules (docs/testing.md): each built the whole app
          // and loaded PGlite again, 173 → 96 s here. Each file has its own database and app still;
          // no server test replaces a module (lint refuses vi.mock there).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'tools',
          environment: 'node',
          include: ['apps/server/**/*.tools.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'scale',
          environment: 'node',
          include: ['apps/server/**/*.scale.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          provide: { redisUrl: process.env.REDIS_URL ?? '' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...webProjects,
    ],
  },
});
