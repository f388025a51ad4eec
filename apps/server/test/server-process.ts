import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { auth } from '@console/contract';
import { requestOf } from './context.js';
import { waitUntil } from './wait.js';

/**
 * The real server in a process of its own, started as `npm start` starts it, for the tests that
 * stop it as an operator or a crash would (kill -9 mid-write, mid-send) and start it again.
 */
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const started: ChildProcess[] = [];

export type ServerProcess = { child: ChildProcess; base: string; output: () => string; exit: Promise<number | null> };

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts the server's entry with Node itself (so that its pid is the server's, as with `npm start`)
 * on the embedded database in `dataDir`, with the demo data, and `variables` over its configuration.
 */
export async function startServerProcess(dataDir: string, variables: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repositoryRoot,
    // The child is a whole server reading its own configuration: this run's, set to the embedded default.
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      SEED_DEMO: 'true',
      ...variables,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, base: `http://127.0.0.1:${port}`, output: () => output, exit };
}

/** Waits for the server's "listening on" line; fails with its output if it stops first. */
export async function waitListening(server: ServerProcess): Promise<void> {
  let exited = false;
  void server.exit.then(() => (exited = true));
  await waitUntil(
    'the server listening',
    () => {
      if (exited) throw new Error(`the server stopped: ${server.output()}`);
      return server.output().includes('listening on');
    },
    90_000,
  );
}

/** Signs in over HTTP: the session's cookies, as one Cookie header. */
export async function signInOver(base: string, login: string, password: string): Promise<string> {
  const { method, url } = requestOf(auth.login);
  const response = await fetch(base + url, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in as ${login}: HTTP ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Kills every server process a test file started and left running (its afterAll). */
export function killServerProcesses(): void {
  for (const child of started) child.kill('SIGKILL');
  started.length = 0;
}
