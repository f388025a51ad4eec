// Starts the fake education directory and the fake SFTP server (a school's ASM server) on free
// ports, then the built product on a fresh, empty data folder (the server seeds the demo data on
// first start) searching that directory and allowed to reach that server on loopback; stops all
// three and removes the folder when Playwright stops it. The SFTP server's port, folder and key
// go to E2E_SFTP_FILE for the journeys (pages/sftp.ts).
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
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

/** Starts the fake SFTP server (port 0: any free port) and answers what its first line says. */
async function startSftp() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/test/fakes/sftp-server.cli.ts', '0'], {
    cwd: repositoryRoot,
    env: { ...process.env, SFTP_FAKE_USER: 'asm-e2e', SFTP_FAKE_PASSWORD: 'asm-e2e-password' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const info = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the fake SFTP server did not start')), DIRECTORY_START_TIMEOUT_MS);
    child.once('exit', (code) => reject(new Error(`the fake SFTP server stopped (exit ${code})`)));
    createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer);
      resolve(JSON.parse(line));
    });
  });
  return { child, info: { ...info, user: 'asm-e2e', password: 'asm-e2e-password' } };
}

const [directory, sftp] = await Promise.all([startDirectory(), startSftp()]).catch((error) => {
  console.error(error.message);
  process.exit(1);
});
const sftpFile = process.env.E2E_SFTP_FILE;
if (!sftpFile) throw new Error('E2E_SFTP_FILE is not set (playwright.config.ts sets it)');
writeFileSync(sftpFile, JSON.stringify(sftp.info));
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
    SFTP_ALLOWED_ADDRESSES: '127.0.0.1',
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
    sftp.child.kill(signal);
  });
}
for (const fake of [directory, sftp]) {
  fake.child.on('exit', () => {
    if (server.exitCode === null) server.kill('SIGTERM');
  });
}
server.on('exit', (code, signal) => {
  removeDataDir();
  rmSync(sftpFile, { force: true });
  directory.child.kill('SIGTERM');
  sftp.child.kill('SIGTERM');
  process.exit(code ?? (signal ? 0 : 1));
});
