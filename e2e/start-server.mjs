// Starts the fake education directory on a free port, then the built product on a fresh, empty
// data folder (the server seeds the demo data on first start) searching that directory; stops
// both and removes the folder when Playwright stops it.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repositoryRoot = path.resolve(here, '..');
const DIRECTORY_START_TIMEOUT_MS = 30_000;

/** Starts the fake directory (port 0: any free port) and answers its base URL once it answers. */
async function startDirectory() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/test/fakes/education-directory.cli.ts', '0'], {
    cwd: repositoryRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the fake education directory did not start')), DIRECTORY_START_TIMEOUT_MS);
    child.once('exit', (code) => reject(new Error(`the fake education directory stopped (exit ${code})`)));
    createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer);
      resolve(line.trim());
    });
  });
  const response = await fetch(`${url}/catalog/datasets/fr-en-annuaire-education/records?limit=1`);
  if (!response.ok) throw new Error(`the fake education directory answers ${response.status}`);
  return { child, url };
}

const directory = await startDirectory().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
// Chosen by playwright.config.ts, so that the journeys know it (pages/outbox.ts reads the mail
// outbox in it); emptied at each start.
const dataDir = process.env.E2E_DATA_DIR;
if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const server = spawn(process.execPath, [path.resolve(here, '../apps/server/dist/main.js')], {
  // The journeys run the embedded default, whatever the calling shell has set.
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    EDUCATION_DIRECTORY_URL: directory.url,
    DATABASE_URL: '',
    REDIS_URL: '',
    JOBS_TICK_SECONDS: '2',
  },
  stdio: 'inherit',
});

function removeDataDir() {
  rmSync(dataDir, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.kill(signal);
    directory.child.kill(signal);
  });
}
directory.child.on('exit', () => {
  if (server.exitCode === null) server.kill('SIGTERM');
});
server.on('exit', (code, signal) => {
  removeDataDir();
  directory.child.kill('SIGTERM');
  process.exit(code ?? (signal ? 0 : 1));
});
