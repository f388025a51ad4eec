import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { workflows as contract } from '@console/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { requestOf } from '#test/context.js';
import { saveStep } from '#test/instances.js';
import { killServerProcesses, signInOver, startServerProcess, waitListening } from '#test/server-process.js';
import { waitUntil } from '#test/wait.js';
import { openDatabase } from './client.js';
import { demoAccountOf } from './seed/demo-accounts.js';

/**
 * The embedded database a newcomer runs (issue 11 §5), with the real server started as `npm start`
 * starts it, in processes of their own: one writer per folder, a bounded write-ahead log, a
 * restart after `kill -9` that keeps every acknowledged write, and a damaged folder that says so.
 */
const folders: string[] = [];

afterAll(() => {
  killServerProcesses();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function newFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'console-embedded-'));
  folders.push(folder);
  return folder;
}

const startServer = (dataDir: string) => startServerProcess(dataDir);

async function signInAsAdministrator(base: string): Promise<string> {
  const { login, password } = demoAccountOf('Administrateur');
  return signInOver(base, login, password);
}

async function readComments(base: string, cookie: string, uai: string): Promise<Map<string, string | null>> {
  const { method, url } = requestOf(contract.getSchoolWorkflow, { uai });
  const response = await fetch(base + url, { method, headers: { cookie } });
  const workflow = contract.getSchoolWorkflow.answer.parse(await response.json());
  return new Map(workflow.data.map((step) => [step.itemLabel, step.eventComment]));
}

function folderBytes(folder: string): number {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((total, entry) => total + statSync(path.join(entry.parentPath, entry.name)).size, 0);
}

const MB = 1024 * 1024;

describe('the embedded database', { timeout: 180_000 }, () => {
  it('keeps its write-ahead log near a checkpoint distance under a steady write load', async () => {
    const dataDir = newFolder();
    const handle = await openDatabase({ dataDir, checkpoints: { pollMs: 50, maxWalBytes: 16 * MB } });
    const pglite = handle.pglite!;
    await pglite.exec(
      "create table load (id int primary key, payload text); insert into load select g, repeat('x', 200) from generate_series(1, 50000) g",
    );
    // About 20 MB of log per round: 250 MB in all, which stays in pg_wal without checkpoints.
    for (let round = 0; round < 12; round++) await pglite.exec(`update load set payload = repeat('${round % 10}', 200)`);
    const written = Number(
      (await pglite.query<{ bytes: string }>("select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::bigint::text as bytes"))
        .rows[0]!.bytes,
    );
    expect(written).toBeGreaterThan(200 * MB);
    await waitUntil('pg_wal within 112 MB', () => folderBytes(path.join(dataDir, 'db', 'pg_wal')) <= 112 * MB, 60_000);
    await handle.close();
  });

  it('refuses a second server on the same folder at once, naming it and the first, which serves on', async () => {
    const dataDir = newFolder();
    const first = await startServer(dataDir);
    await waitListening(first);

    const second = await startServer(dataDir);
    expect(await second.exit).toBe(1);
    expect(second.output()).toContain(
      `The data folder ${dataDir} is in use by another console process (pid ${first.child.pid} on `,
    );
    expect(second.output()).not.toContain('listening on');

    const cookie = await signInAsAdministrator(first.base);
    const { method, url } = requestOf(contract.listWorkflows);
    expect((await fetch(first.base + url, { method, headers: { cookie } })).status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);
  });

  it('restarts after kill -9 under writes with every acknowledged write, and a damaged folder says what to do', async () => {
    const dataDir = newFolder();
    const first = await startServer(dataDir);
    await waitListening(first);
    const cookie = await signInAsAdministrator(first.base);
    const { method, url } = requestOf(contract.listWorkflows);
    const schools = (await (await fetch(first.base + url, { method, headers: { cookie } })).json()) as { uai: string }[];
    const uai = schools[0]!.uai;

    // Three writers, each on its own step, numbering their saves; the kill lands in the middle.
    const labels = ['Liste des manuels', 'Sources', 'Liste élèves reçue'];
    const acknowledged = new Map<string, number>();
    let total = 0;
    const writers = labels.map(async (label) => {
      for (let count = 1; ; count++) {
        const status = await saveStep(first.base, cookie, uai, label, `écriture ${count}`).catch(() => 0);
        if (status !== 200) return;
        acknowledged.set(label, count);
        total += 1;
      }
    });
    await waitUntil('30 acknowledged writes', () => total >= 30, 60_000);
    first.child.kill('SIGKILL');
    await Promise.all(writers);
    await first.exit;

    const restarted = await startServer(dataDir);
    await waitListening(restarted);
    const comments = await readComments(restarted.base, await signInAsAdministrator(restarted.base), uai);
    for (const label of labels) {
      // The last acknowledged save, or the one in flight at the kill: never an earlier one.
      const kept = Number(/^écriture (\d+)$/.exec(comments.get(label) ?? '')?.[1] ?? 0);
      expect(kept, label).toBeGreaterThanOrEqual(acknowledged.get(label) ?? 0);
      expect(kept, label).toBeLessThanOrEqual((acknowledged.get(label) ?? 0) + 1);
    }
    restarted.child.kill('SIGTERM');
    expect(await restarted.exit).toBe(0);

    writeFileSync(path.join(dataDir, 'db', 'global', 'pg_control'), Buffer.alloc(8192, 0x5a));
    const damaged = await startServer(dataDir);
    expect(await damaged.exit).toBe(1);
    expect(damaged.output()).toContain(`The embedded database in ${path.join(dataDir, 'db')} could not be opened`);
    expect(damaged.output()).toContain('Restore it from your backup');
    expect(damaged.output()).not.toMatch(/^\s+at /m);
  });
});
