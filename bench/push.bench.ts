// Issue 37's sending figure: a notification to 500,000 FCM tokens through the product's send job
// (features/notifications, `runNotificationSend`) and its FCM adapter, against the fake FCM in a
// process of its own enforcing FCM's quota of 600,000 messages a minute (Retry-After to the end of
// the minute past it); then once more with that rate counted in windows of 10 s, which a send
// faster than the quota runs into (a run under a minute never fills a minute's window, so its rate
// may pass the quota). Targets, for each: at least 0.85 of the quota (510,000 messages a minute), no message
// lost to a 429 (every token accepted, none failed), the sender told its progress at least once a
// second, memory flat (what stays after a full collection grows by at most 64 MB once warm).
// Needs --database-url URL of a PostgreSQL server: the bench makes and fills its own database
// `console_bench_push` there (once: 500,000 pupils of one school, a device each), and sends a new
// notification at each run.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { PROFILES } from '@console/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createFcmPushSender } from '../apps/server/src/adapters/push/fcm-push.js';
import type { PushSender } from '../apps/server/src/adapters/push/push-sender.js';
import { serviceAccountSchema } from '../apps/server/src/adapters/push/google-access-token.js';
import { insertNotification } from '../apps/server/src/features/notifications/history.repository.js';
import { countSavedAudience } from '../apps/server/src/features/notifications/audience.repository.js';
import { findSend, markSending } from '../apps/server/src/features/notifications/sending.repository.js';
import { runNotificationSend } from '../apps/server/src/features/notifications/sending.service.js';
import { openDatabase, runMigrations, type Database } from '../apps/server/src/platform/db/client.js';
import { seedProfiles } from '../apps/server/src/platform/db/seed/profiles.js';
import { formatMs } from './support/measure.js';

const TOKENS = 500_000;
const QUOTA_PER_MINUTE = 600_000;
const QUOTA_SHARE_TARGET = 0.85;
const PROGRESS_GAP_TARGET_MS = 1000;
const MEMORY_GROWTH_TARGET = 64 * 1024 * 1024;
const DATABASE = 'console_bench_push';
const UAI = '0999500P';
const CONCURRENCY = 100;

type Result = { lines: string[]; passed: boolean };

/** The database of this bench on the server of `url`, made when missing. */
async function benchDatabaseUrl(url: string): Promise<string> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (found.rowCount === 0) await admin.query(`create database ${DATABASE}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${DATABASE}`;
  return target.toString();
}

/** Starts the fake FCM in a process of its own; answers its address, the service account it wrote, and the process. */
async function startFakeFcmProcess(directory: string): Promise<{ url: string; accountFile: string; child: ChildProcess }> {
  const accountFile = path.join(directory, 'service-account.json');
  const cli = new URL('../apps/server/test/fakes/fcm.cli.ts', import.meta.url).pathname;
  const child = spawn(process.execPath, ['--import', 'tsx', cli, accountFile], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the fake FCM stopped (${code})`)));
    createInterface({ input: child.stdout! }).once('line', resolve);
  });
  return { url, accountFile, child };
}

/**
 * The quota's windows: a minute, as FCM counts it; then the same rate in windows of 10 s, which a
 * send faster than the quota runs into (429 with Retry-After, to be waited out with nothing lost).
 */
const WINDOWS = [
  { label: 'a minute', perWindow: QUOTA_PER_MINUTE, windowMs: 60_000 },
  { label: '10 s', perWindow: QUOTA_PER_MINUTE / 6, windowMs: 10_000 },
] as const;

/** Sends a new notification to every token through the send job, the fake enforcing `window`; answers its figures. */
async function measureSend(db: Database, push: PushSender, fakeUrl: string, window: (typeof WINDOWS)[number]): Promise<Result> {
  const lines: string[] = [];
  const id = await insertNotification(db, {
    title: 'Rentrée',
    description: 'Les tablettes sont à rapporter chargées lundi.',
    link: 'https://college.example/rentree',
    author: { id: 0, firstname: 'Bench', lastname: 'Push' },
    allSchools: false,
    uais: [UAI],
    parameters: { subject: [], logicalOperator: 'or', searchOperator: 'contains', profiles: [], applicationIds: [] },
  });
  const counted = await countSavedAudience(db, (await findSend(db, id))!);
  await markSending(db, id, counted);
  await fetch(`${fakeUrl}/__control/quota`, {
    method: 'POST',
    body: JSON.stringify({ perWindow: window.perWindow, windowMs: window.windowMs }),
  });
  const before = (await (await fetch(`${fakeUrl}/__control/stats`)).json()) as { accepted: number; tooMany: number };

  const toldAt: number[] = [];
  let last = { sent: 0, successCount: 0, failureCount: 0, status: 'sending' };
  // What the send keeps, not what it has not collected yet: every few seconds a full collection,
  // then the heap and external memory, with how many tokens were tried by then.
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc') as () => void;
  const retained: { sent: number; bytes: number }[] = [];
  const sampler = setInterval(() => {
    collect();
    const usage = process.memoryUsage();
    retained.push({ sent: last.successCount + last.failureCount, bytes: usage.heapUsed + usage.external });
  }, 5_000);
  const started = performance.now();
  await runNotificationSend(
    {
      db,
      push,
      realtime: {
        emitToUser: (_userId, event, payload) => {
          if (event !== 'progressBar') return;
          toldAt.push(performance.now());
          last = payload as typeof last;
        },
      },
      log: { error: (details, message) => console.error(message, details) },
    },
    id,
  );
  const elapsed = performance.now() - started;
  clearInterval(sampler);
  const after = (await (await fetch(`${fakeUrl}/__control/stats`)).json()) as { accepted: number; tooMany: number };
  // The send's creator is the bench's (id 0): it was told through the stub above, as a socket would be.
  const perMinute = (last.successCount / elapsed) * 60_000;
  const share = perMinute / QUOTA_PER_MINUTE;
  const gaps = toldAt.slice(1).map((at, index) => at - toldAt[index]!);
  const longestGap = Math.max(0, ...gaps);
  // From the first sample past a tenth of the tokens (the pools and caches warm) to the last.
  const warm = retained.find((sample) => sample.sent >= TOKENS / 10) ?? retained[0];
  const growth = warm ? Math.max(...retained.map((sample) => sample.bytes)) - warm.bytes : 0;
  const accepted = after.accepted - before.accepted;

  const allSent = last.status === 'sent' && last.successCount === TOKENS && last.failureCount === 0 && accepted === TOKENS;
  lines.push(
    `${TOKENS.toLocaleString('en')} tokens in ${formatMs(elapsed)}: ${Math.round(perMinute).toLocaleString('en')} a minute, ${share.toFixed(2)} of the quota (target ≥ ${QUOTA_SHARE_TARGET}), ${CONCURRENCY} requests in flight`,
    `accepted by the fake ${accepted.toLocaleString('en')}, failed ${last.failureCount}, 429 answered ${after.tooMany - before.tooMany} (none may be lost: ${allSent ? 'none lost' : 'LOST'})`,
    `progress told ${toldAt.length} times, longest gap ${formatMs(longestGap)} (target ≤ ${formatMs(PROGRESS_GAP_TARGET_MS)})`,
    `memory kept (heap and external, after a full collection every 5 s): ${(growth / 1048576).toFixed(1)} MB more at its peak than once warm (${retained.length} samples; target ≤ ${MEMORY_GROWTH_TARGET / 1048576} MB)`,
  );
  return {
    lines,
    passed: share >= QUOTA_SHARE_TARGET && allSent && longestGap <= PROGRESS_GAP_TARGET_MS && growth <= MEMORY_GROWTH_TARGET,
  };
}

export async function runPushBench(options: { databaseUrl: string | undefined }): Promise<Result> {
  if (!options.databaseUrl) {
    return { lines: ['skipped: needs --database-url (a PostgreSQL server; the bench makes its own database)'], passed: true };
  }
  const lines: string[] = [];
  const handle = await openDatabase({ databaseUrl: await benchDatabaseUrl(options.databaseUrl), poolSize: 4 });
  const directory = mkdtempSync(path.join(tmpdir(), 'console-bench-push-'));
  const fake = await startFakeFcmProcess(directory);
  try {
    await runMigrations(handle);
    await seedProfiles(handle.db);
    const db = handle.db;
    const present = (await db.execute<{ count: number }>(sql`select count(*)::int as count from devices`)).rows[0]!.count;
    if (present < TOKENS) {
      const filling = performance.now();
      await db.execute(sql`insert into schools (uai, name) values (${UAI}, 'Collège des 500 000') on conflict do nothing`);
      await db.execute(sql`
        insert into users (profile_id, firstname, lastname, login, link_token, uai)
        select ${PROFILES.Eleve}, 'Élève', 'N' || n, 'bench.push.' || n, 'bench-push-link-' || n, ${UAI}
        from generate_series(1, ${TOKENS}) as n
        on conflict do nothing`);
      await db.execute(sql`
        insert into devices (user_id, installation_id, model, operating_system, token, provider)
        select u.id, 'bench-push-' || u.id, 'iPad (9e génération)', 'iPadOS 17.6', 'fcm-bench-' || md5(u.id::text), 'fcm'
        from users u where u.uai = ${UAI}
        on conflict do nothing`);
      await db.execute(sql`vacuum analyze users`);
      await db.execute(sql`vacuum analyze devices`);
      lines.push(`filled ${TOKENS.toLocaleString('en')} pupils and devices in ${formatMs(performance.now() - filling)}`);
    }
    const push = createFcmPushSender({
      serviceAccount: serviceAccountSchema.parse(JSON.parse(readFileSync(fake.accountFile, 'utf8'))),
      baseUrl: fake.url,
      concurrency: CONCURRENCY,
      timeoutMs: 10_000,
    });
    let passed = true;
    for (const window of WINDOWS) {
      const run = await measureSend(db, push, fake.url, window);
      lines.push(`the quota counted in windows of ${window.label}:`, ...run.lines.map((line) => `  ${line}`));
      passed &&= run.passed;
    }
    return { lines, passed };
  } finally {
    fake.child.kill('SIGTERM');
    await handle.close();
    rmSync(directory, { recursive: true, force: true });
  }
}
