// The start of the school year (issue 35): e2e/start-of-year.spec.ts, the browser journey on the
// built product (a new school's pupils imported from a CSV file, their deployment sheets printed
// by class, the school's ASM archive built and sent to the fake SFTP server, found in the
// history), run at 1,000 and at 10,000 pupils. Each run's steps are read from the line the
// journey prints. Targets, wall time of the whole journey: ≤ 20 s for 1,000 pupils, ≤ 2 min for
// 10,000. Each step's time is printed beside them, so that a slow one shows which it is.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS: { pupils: number; targetSeconds: number }[] = [
  { pupils: 1_000, targetSeconds: 20 },
  { pupils: 10_000, targetSeconds: 120 },
];
/** The journeys' own port is 3100; the bench's apart, so that both can run on one machine. */
const PORT = '3300';

/** The steps' seconds a journey printed ('import 3.0 s, …, whole journey 11.9 s'), or undefined. */
function stepsOf(output: string): [string, number][] | undefined {
  const line = /start of the school year, \d+ pupils: (.*)/.exec(output)?.[1];
  return line?.split(', ').map((part) => {
    const [, step, seconds] = /^(.*) ([0-9.]+) s$/.exec(part.trim()) ?? [];
    return [step ?? part, Number(seconds)];
  });
}

export async function runStartOfYearBench(): Promise<{ lines: string[]; passed: boolean }> {
  if (!existsSync(path.join(root, 'apps/server/dist/main.js')))
    spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  const lines: string[] = [];
  let passed = true;
  for (const { pupils, targetSeconds } of RUNS) {
    const run = spawnSync('npx', ['playwright', 'test', 'start-of-year.spec.ts', '--project', 'journeys', '--reporter', 'line'], {
      cwd: path.join(root, 'e2e'),
      env: { ...process.env, E2E_PORT: PORT, E2E_START_OF_YEAR_PUPILS: String(pupils) },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const steps = stepsOf(run.stdout);
    if (run.status !== 0 || !steps) {
      passed = false;
      lines.push(`${pupils} pupils: the journey failed (exit ${run.status})`, ...run.stdout.trim().split('\n').slice(-20));
      continue;
    }
    const whole = steps.find(([step]) => step === 'whole journey')?.[1] ?? Number.NaN;
    const ok = whole <= targetSeconds;
    passed &&= ok;
    lines.push(
      `${pupils} pupils: ${whole.toFixed(1)} s (target ≤ ${targetSeconds} s) ${ok ? 'ok' : 'MISSED'} — ${steps
        .filter(([step]) => step !== 'whole journey')
        .map(([step, seconds]) => `${step} ${seconds.toFixed(1)} s`)
        .join(', ')}`,
    );
  }
  return { lines, passed };
}
