// Starts the fake education directory, the fake SFTP server (a school's ASM server) and the fake
// EcoleDirecte API (token 'e2e-ecole-directe-token') on free ports, then the built product on a
// fresh, empty data folder (the server seeds the demo data on first start) searching that
// directory, allowed to reach that server on loopback and fetching from that EcoleDirecte; stops
// all four and removes the folder when Playwright stops it. The SFTP server's port, folder and key
// go to E2E_SFTP_FILE for the journeys (pages/sftp.ts).
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repositoryRoot = path.resolve(here, '..');
const FAKE_START_TIMEOUT_MS = 30_000;

/**
 * Starts one of apps/server/test/fakes' command-line fakes (port 0: any free port) and answers
 * the child and the first line it prints (its address, or its JSON), once it prints it.
 */
async function startFake(name, script, args = [], env = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', `apps/server/test/fakes/${script}`, '0', ...args], {
    cwd: repositoryRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the fake ${name} did not start`)), FAKE_START_TIMEOUT_MS);
    child.once('exit', (code) => reject(new Error(`the fake ${name} stopped (exit ${code})`)));
    createInterface({ input: child.stdout }).once('line', (first) => {
      clearTimeout(timer);
      resolve(first.trim());
    });
  });
  return { child, line };
}

/** The fake directory, once it answers a search. */
async function startDirectory() {
  const { child, line: url } = await startFake('education directory', 'education-directory.cli.ts');
  const response = await fetch(`${url}/catalog/datasets/fr-en-annuaire-education/records?limit=1`);
  if (!response.ok) throw new Error(`the fake education directory answers ${response.status}`);
  return { child, url };
}

/** The fake SFTP server, with its user and password: its first line is its port, folder and key. */
async function startSftp() {
  const credentials = { user: 'asm-e2e', password: 'asm-e2e-password' };
  const { child, line } = await startFake('SFTP server', 'sftp-server.cli.ts', [], {
    SFTP_FAKE_USER: credentials.user,
    SFTP_FAKE_PASSWORD: credentials.password,
  });
  return { child, info: { ...JSON.parse(line), ...credentials } };
}

/** The fake EcoleDirecte API and its token. */
async function startEcoleDirecte() {
  const { child, line: url } = await startFake('EcoleDirecte', 'ecole-directe.cli.ts', ['e2e-ecole-directe-token']);
  return { child, url };
}

const [directory, sftp, ecoleDirecte] = await Promise.all([startDirectory(), startSftp(), startEcoleDirecte()]).catch((error) => {
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
    ECOLE_DIRECTE_URL: ecoleDirecte.url,
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
    ecoleDirecte.child.kill(signal);
  });
}
for (const fake of [directory, sftp, ecoleDirecte]) {
  fake.child.on('exit', () => {
    if (server.exitCode === null) server.kill('SIGTERM');
  });
}
server.on('exit', (code, signal) => {
  removeDataDir();
  rmSync(sftpFile, { force: true });
  directory.child.kill('SIGTERM');
  sftp.child.kill('SIGTERM');
  ecoleDirecte.child.kill('SIGTERM');
  process.exit(code ?? (signal ? 0 : 1));
});
