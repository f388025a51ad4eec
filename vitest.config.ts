import { defineConfig } from 'vitest/config';

/**
 * Five projects: `unit` (pure code, beside it as *.test.ts), `integration` (*.int.test.ts through
 * app.inject on a real database: PGlite, or PostgreSQL with TEST_DB=postgres), `web`
 * (components in jsdom, apps/web/vitest.config.ts), `tools` (*.tools.test.ts: files the product
 * writes read back by Debian's tools, as csvkit's csvclean; run by scripts/test.mjs when the tools
 * are installed, always by CI) and `scale` (*.scale.test.ts: several server instances on
 * PostgreSQL and Redis; run by scripts/test.mjs when DATABASE_URL and REDIS_URL are set).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/*.scale.test.ts', '**/*.tools.test.ts', '**/node_modules/**'],
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
      'apps/web/vitest.config.ts',
    ],
  },
});
