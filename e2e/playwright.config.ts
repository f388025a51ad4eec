import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// E2E_PORT lets two runs (say, CI and a developer's) share a machine.
const PORT = Number(process.env.E2E_PORT ?? 3100);
// The product's data folder, one per port; the journeys read the mail outbox in it. Set here so
// that the test workers, which load this file too, see the same value.
process.env.E2E_DATA_DIR ??= path.join(tmpdir(), `console-e2e-${PORT}`);
// Where start-server.mjs says how to reach the fake SFTP server it started (pages/sftp.ts reads it).
process.env.E2E_SFTP_FILE ??= path.join(tmpdir(), `console-e2e-${PORT}-sftp.json`);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  workers: 1,
  retries: 0,
  reporter: 'list',
  // Generous for a loaded machine: an axe scan of the users grid took up to 10 s under load, and
  // a sign-in under a full CI run's load went past 7 s.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'fr-FR',
    // No transitions (the console respects it): a click lands on a dialog at rest, under any load.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium: never `playwright install`.
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'journeys', testIgnore: '**/password-change.spec.ts' },
    // Changes the school administrator's password for good: runs after the journeys that sign in with it.
    { name: 'password-change', testMatch: '**/password-change.spec.ts', dependencies: ['journeys'] },
  ],
  webServer: {
    command: 'node start-server.mjs',
    cwd: import.meta.dirname,
    url: `http://localhost:${PORT}/api/config`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(PORT),
      E2E_DATA_DIR: process.env.E2E_DATA_DIR,
      E2E_SFTP_FILE: process.env.E2E_SFTP_FILE,
      LOGIN_FAILURE_DELAY_MS: '0',
      LOGIN_MAX_FAILURES: '3',
      // The product behind a balancer on loopback: sign-in-throttle.spec.ts sends X-Forwarded-For.
      TRUST_PROXY: 'loopback',
      // Every request's log line buried the journeys' own in CI's output; warnings and errors still show.
      LOG_LEVEL: 'warn',
    },
  },
});
