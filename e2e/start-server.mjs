// Starts the built product on a fresh, empty data folder (the server seeds the demo data on first
// start) and removes the folder when Playwright stops it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), 'console-e2e-'));
const server = spawn(process.execPath, [path.resolve(here, '../apps/server/dist/main.js')], {
  env: { ...process.env, DATA_DIR: dataDir },
  stdio: 'inherit',
});

function removeDataDir() {
  rmSync(dataDir, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => {
  removeDataDir();
  process.exit(code ?? (signal ? 0 : 1));
});
