// A mass send through the real server, killed (kill -9) in the middle of a batch and started
// again on the same embedded database: the send resumes at once where it stopped, and no device
// is handed to the push service (a local fake of FCM) twice.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { notifications as contract } from '@console/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, runMigrations } from '#platform/db/client.js';
import { seedProfiles } from '#platform/db/seed/profiles.js';
import { requestOf } from '#test/context.js';
import { buildSchool, buildUser } from '#test/factories.js';
import { startFakeFcm, type FakeFcm } from '#test/fakes/fcm.js';
import { killServerProcesses, signInOver, startServerProcess, waitListening } from '#test/server-process.js';
import { waitUntil } from '#test/wait.js';

const folder = mkdtempSync(path.join(tmpdir(), 'console-send-restart-'));
let fcm: FakeFcm | undefined;

afterAll(async () => {
  killServerProcesses();
  await fcm?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Devices of the school's pupils: three batches of the routed push service (500, 500, 200). */
const DEVICES = 1_200;

/** A school whose four pupils hold DEVICES live FCM tokens, and an Administrateur; answers their uai and the sign-in. */
async function prepare(dataDir: string, encryptionKey: Buffer) {
  const handle = await openDatabase({ dataDir });
  try {
    await runMigrations(handle);
    await seedProfiles(handle.db);
    const { uai } = await buildSchool(handle.db);
    const admin = await buildUser(handle.db, encryptionKey, { profile: 'Administrateur' });
    const pupils: number[] = [];
    for (let index = 0; index < 4; index++)
      pupils.push((await buildUser(handle.db, encryptionKey, { profile: 'Eleve', uai })).id);
    await handle.db.execute(sql`
      insert into devices (user_id, model, operating_system, available_space, application_version, token, provider)
      select (${`{${pupils.join(',')}}`}::int[])[1 + g % 4], 'iPad 9', 'iPadOS 17', 1000, '3.2.1', 'restart-' || lpad(g::text, 4, '0'), 'fcm'
      from generate_series(1, ${DEVICES}) g order by g`);
    return { uai, admin };
  } finally {
    await handle.close();
  }
}

async function call(base: string, cookie: string, request: { method: string; url: string }, body?: unknown) {
  const response = await fetch(base + request.url, {
    method: request.method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json() as Promise<unknown>;
}

describe('a mass send cut by a crash', { timeout: 240_000 }, () => {
  it('resumes at once on the next start, at its cursor, without handing a device twice', async () => {
    fcm = await startFakeFcm();
    const keyFile = path.join(folder, 'service-account.json');
    writeFileSync(keyFile, JSON.stringify(fcm.serviceAccount));
    const dataDir = path.join(folder, 'data');
    const encryptionKey = randomBytes(32);
    const { uai, admin } = await prepare(dataDir, encryptionKey);
    const variables = {
      SEED_DEMO: 'false',
      ENCRYPTION_KEY: encryptionKey.toString('hex'),
      PUSH_FCM_SERVICE_ACCOUNT_FILE: keyFile,
      PUSH_FCM_URL: fcm.url,
      PUSH_FCM_CONCURRENCY: '4',
      PUSH_TIMEOUT_MS: '120000',
      JOBS_TICK_SECONDS: '1',
    };

    // The first batch goes through; in the second, FCM holds its answers past the 700th message.
    fcm.holdAnswers(700);
    const first = await startServerProcess(dataDir, variables);
    await waitListening(first);
    let cookie = await signInOver(first.base, admin.login, admin.password);
    const saved = contract.savedNotificationSchema.parse(
      await call(first.base, cookie, requestOf(contract.saveNotification), {
        arrayUai: [uai],
        title: 'Sortie au musée',
        bodyInput: 'Rendez-vous à 8 h.',
      }),
    );
    const id = saved.idNotification;
    expect(await call(first.base, cookie, requestOf(contract.sendNotification), { idNotification: id })).toEqual({
      idNotification: id,
      nbUsers: 4,
      nbTokens: DEVICES,
    });
    await waitUntil('FCM holding answers of the second batch', () => fcm!.counts.held > 0, 120_000);
    first.child.kill('SIGKILL');
    await first.exit;
    fcm.releaseAnswers();

    const restarted = await startServerProcess(dataDir, variables);
    await waitListening(restarted);
    expect(restarted.output()).toContain('1 notification send(s) interrupted by the last stop resume now');
    cookie = await signInOver(restarted.base, admin.login, admin.password);
    const item = async () =>
      contract.historySchema
        .parse(await call(restarted.base, cookie, requestOf(contract.notificationHistory)))
        .notifications.find((notification) => notification.idNotification === id);
    // Long before the first worker's lease of two minutes would have run out.
    await waitUntil('the send ended', async () => (await item())?.statusNotification === 'sent', 90_000);

    const tokens = fcm.received.map((message) => message.token);
    expect(new Set(tokens).size).toBe(tokens.length);
    const name = (index: number) => `restart-${String(index).padStart(4, '0')}`;
    const firstBatch = Array.from({ length: 500 }, (_, index) => name(index + 1));
    const lastBatch = Array.from({ length: 200 }, (_, index) => name(index + 1001));
    expect(tokens.filter((token) => firstBatch.includes(token))).toHaveLength(500);
    expect(tokens.filter((token) => lastBatch.includes(token))).toHaveLength(200);
    // The second batch was in doubt: counted failed, never handed over again.
    expect((await item())?.reportNotification).toEqual({ nbUser: 4, nbToken: DEVICES, successCount: 700, failureCount: 500 });
    restarted.child.kill('SIGTERM');
    expect(await restarted.exit).toBe(0);
  });
});
