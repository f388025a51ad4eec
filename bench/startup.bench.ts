// `npm start` on an existing data directory: time from process spawn to the first answered
// request (target ≤ 3 s). The first start (migrations, demo data) is made once before measuring.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile } from './support/measure.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function startUntilAnswering(dataDir: string, port: number): Promise<{ child: ChildProcess; seconds: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'silent', DATABASE_URL: '' },
    stdio: 'ignore',
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/config`);
      if (response.ok) return { child, seconds: (performance.now() - started) / 1000 };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (performance.now() - started > 60_000) throw new Error('server did not answer within 60 s');
  }
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export async function runStartupBench(runs = 5): Promise<{ lines: string[]; passed: boolean }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'console-start-'));
  const port = 3400 + Math.floor(Math.random() * 500);
  const first = await startUntilAnswering(dataDir, port);
  await stop(first.child);
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const next = await startUntilAnswering(dataDir, port);
    times.push(next.seconds);
    await stop(next.child);
  }
  rmSync(dataDir, { recursive: true, force: true });
  const median = percentile(times, 0.5);
  const worst = Math.max(...times);
  return {
    lines: [
      `first start (empty data directory: migrations, demo data): ${first.seconds.toFixed(2)} s`,
      `start on the existing data directory, ${runs} runs: median ${median.toFixed(2)} s, worst ${worst.toFixed(2)} s (target ≤ 3 s)`,
    ],
    passed: worst <= 3,
  };
}
