// Sign-in and session figures of the foundation issue:
// - POST /auth/login server time p95 ≤ 50 ms under 10 concurrent sign-ins, event loop not blocked;
// - GET /auth/me requests per second ≥ 0.5× a bare Fastify route answering the same JSON,
//   measured alternately in one run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PROFILES } from '@console/contract';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { hashPassword } from '../apps/server/src/platform/auth/passwords.js';
import { encryptSecret, randomToken } from '../apps/server/src/platform/auth/secrets.js';
import { resolveEnv } from '../apps/server/src/platform/config/env.js';
import { openDatabase, runMigrations } from '../apps/server/src/platform/db/client.js';
import { users } from '../apps/server/src/platform/db/schema/index.js';
import { seedProfiles } from '../apps/server/src/platform/db/seed/profiles.js';
import { formatMs, percentile, requestsPerSecond, runLoad } from './support/measure.js';

export type AuthBenchResult = { lines: string[]; passed: boolean };

const ACCOUNTS = 10;

export async function runAuthBench(options: { databaseUrl?: string; seconds: number }): Promise<AuthBenchResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'console-bench-'));
  const env = resolveEnv({
    DATA_DIR: dataDir,
    DATABASE_URL: options.databaseUrl,
    LOG_LEVEL: 'silent',
    LOGIN_FAILURE_DELAY_MS: '0',
  });
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
  await runMigrations(handle);
  await seedProfiles(handle.db);
  const suffix = randomToken(4)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  const staffPassword = 'Bench#2026';
  const pupilPassword = 'bino3579';
  const staffHash = await hashPassword(staffPassword);
  const rows = Array.from({ length: ACCOUNTS }, (_, n) => [
    {
      profileId: PROFILES.Gestionnaire,
      firstname: 'Staff',
      lastname: `${n}`,
      login: `bench.staff${n}.${suffix}`,
      passwordHash: staffHash,
      linkToken: randomToken(),
    },
    {
      profileId: PROFILES.Eleve,
      firstname: 'Pupil',
      lastname: `${n}`,
      login: `bench.pupil${n}.${suffix}`,
      passwordEncrypted: encryptSecret(env.encryptionKey, pupilPassword),
      linkToken: randomToken(),
    },
  ]).flat();
  await handle.db.insert(users).values(rows);

  const app = await buildApp({ db: handle.db, env, engine: handle.engine });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const lines: string[] = [`engine: ${handle.engine}`];
  let passed = true;

  const bodyOf = (staff: boolean, n: number) =>
    JSON.stringify({
      login: `bench.${staff ? 'staff' : 'pupil'}${n}.${suffix}`,
      password: staff ? staffPassword : pupilPassword,
    });
  // Pupils and teachers (printable, encrypted passwords) are ~98% of accounts; the mix counts one
  // staff sign-in (argon2id) in ten, five times their share.
  const scenarios = [
    { kind: 'staff only (argon2id)', bodies: Array.from({ length: ACCOUNTS }, (_, n) => bodyOf(true, n)), gated: false },
    { kind: 'pupils only (encrypted)', bodies: Array.from({ length: ACCOUNTS }, (_, n) => bodyOf(false, n)), gated: true },
    { kind: 'mix, 1 staff in 10', bodies: Array.from({ length: ACCOUNTS }, (_, n) => bodyOf(n === 0, n)), gated: true },
  ];
  for (const { kind, bodies, gated } of scenarios) {
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const result = await runLoad({
      url: `${base}/api/auth/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      bodies,
      concurrency: 10,
      durationMs: options.seconds * 1000,
    });
    loop.disable();
    const p95 = percentile(result.serverTimes, 0.95);
    const maxLoopDelay = loop.max / 1e6;
    const ok = (result.statuses['200'] ?? 0) === result.latencies.length;
    lines.push(
      `POST /auth/login ${kind}, 10 concurrent: ${result.latencies.length} sign-ins, ${requestsPerSecond(result).toFixed(0)}/s, ` +
        `server p50 ${formatMs(percentile(result.serverTimes, 0.5))}, p95 ${formatMs(p95)} (target ≤ 50 ms), ` +
        `client p95 ${formatMs(percentile(result.latencies, 0.95))}, event-loop delay max ${formatMs(maxLoopDelay)}, p99 ${formatMs(loop.percentile(99) / 1e6)}` +
        (ok ? '' : ` — statuses ${JSON.stringify(result.statuses)}`),
    );
    passed &&= ok && (!gated || p95 <= 50);
  }

  const signIn = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: `bench.staff0.${suffix}`, password: staffPassword }),
  });
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
  const sameJson = await (await fetch(`${base}/api/auth/me`, { headers: { cookie } })).text();
  const bare = Fastify();
  bare.get('/bare', async (_request, reply) => reply.type('application/json').send(sameJson));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`;

  const rates = { me: [] as number[], bare: [] as number[] };
  for (let round = 0; round < 3; round++) {
    for (const target of ['me', 'bare'] as const) {
      const result = await runLoad({
        url: target === 'me' ? `${base}/api/auth/me` : bareUrl,
        method: 'GET',
        headers: { cookie },
        concurrency: 10,
        durationMs: (options.seconds * 1000) / 2,
      });
      if ((result.statuses['200'] ?? 0) !== result.latencies.length)
        throw new Error(`${target}: ${JSON.stringify(result.statuses)}`);
      rates[target].push(requestsPerSecond(result));
    }
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const ratio = mean(rates.me) / mean(rates.bare);
  lines.push(
    `GET /auth/me ${mean(rates.me).toFixed(0)} req/s vs bare Fastify ${mean(rates.bare).toFixed(0)} req/s, alternately 3×: ratio ${ratio.toFixed(2)} (target ≥ 0.5)`,
  );
  passed &&= ratio >= 0.5;

  await bare.close();
  await app.close();
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
  return { lines, passed };
}
