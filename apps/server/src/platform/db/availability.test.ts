import { describe, expect, it } from 'vitest';
import { waitUntil } from '#test/wait.js';
import { createDatabaseMonitor, isDatabaseUnreachable } from './availability.js';
import type { Database } from './client.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
/** As Drizzle throws it: its own error, the driver's in `cause`. */
const wrapped = (cause: Error) => new Error('Failed query: select 1', { cause });

describe('isDatabaseUnreachable', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    ['a connection cut mid-query', new Error('Connection terminated unexpectedly')],
    ['no connection within the pool timeout', new Error('timeout exceeded when trying to connect')],
    ['the server shutting down', withCode('terminating connection due to administrator command', '57P01')],
    ['the server starting up', withCode('the database system is starting up', '57P03')],
    ['a connection exception (class 08)', withCode('connection failure', '08006')],
    ['no connection slot left', withCode('sorry, too many clients already', '53300')],
    ['the driver error wrapped by Drizzle', wrapped(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))],
  ])('says yes for %s', (_case, error) => {
    expect(isDatabaseUnreachable(error)).toBe(true);
  });

  it.each([
    ['a syntax error', wrapped(withCode('syntax error at or near "selec"', '42601'))],
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a serialization failure', withCode('could not serialize access', '40001')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['something not an error', 'ECONNREFUSED'],
  ])('says no for %s', (_case, error) => {
    expect(isDatabaseUnreachable(error)).toBe(false);
  });
});

/** A database whose `select 1` fails while `away` is set. */
function fakeDatabase() {
  const control = { away: false, asked: 0 };
  const db = {
    execute: async () => {
      control.asked += 1;
      if (control.away) throw withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED');
      return { rows: [] };
    },
  } as unknown as Database;
  return { db, control };
}

function recordingLog() {
  const lines: string[] = [];
  return {
    lines,
    log: {
      error: (message: string) => lines.push(`error: ${message}`),
      info: (_fields: object, message: string) => lines.push(`info: ${message}`),
    },
  };
}

describe('the database monitor', () => {
  it('logs an outage once when it starts and once when it ends, however many requests fail meanwhile', async () => {
    const { db, control } = fakeDatabase();
    const { lines, log } = recordingLog();
    const monitor = createDatabaseMonitor(db, log as never, { probeMs: 10 });
    control.away = true;
    for (let request = 0; request < 50; request++) monitor.reportFailure(withCode('connect ECONNREFUSED', 'ECONNREFUSED'));
    await waitUntil('the monitor down', () => monitor.state() === 'down');
    await waitUntil('several probes', () => control.asked >= 5);
    for (let request = 0; request < 50; request++) monitor.reportFailure(new Error('Connection terminated unexpectedly'));

    control.away = false;
    await waitUntil('the monitor up', () => monitor.state() === 'up');
    expect(lines).toEqual([
      'error: database unreachable: answering 503 database_unavailable until it is back',
      'info: database reachable again: answering requests',
    ]);
    monitor.stop();
  });

  it('takes one failed request for a suspicion only: a probe that answers leaves it up and silent', async () => {
    const { db, control } = fakeDatabase();
    const { lines, log } = recordingLog();
    const monitor = createDatabaseMonitor(db, log as never, { probeMs: 10 });
    monitor.reportFailure(withCode('terminating connection due to administrator command', '57P01'));
    await waitUntil('the probe', () => control.asked === 1);
    expect(monitor.state()).toBe('up');
    expect(lines).toEqual([]);
    monitor.stop();
  });

  it('ignores failures that are not about reaching the database', async () => {
    const { db, control } = fakeDatabase();
    const monitor = createDatabaseMonitor(db, recordingLog().log as never, { probeMs: 10 });
    monitor.reportFailure(withCode('duplicate key value', '23505'));
    monitor.reportFailure(new TypeError('bug'));
    expect(control.asked).toBe(0);
    monitor.stop();
  });

  it('answers a readiness probe and starts watching when it fails', async () => {
    const { db, control } = fakeDatabase();
    const monitor = createDatabaseMonitor(db, recordingLog().log as never, { probeMs: 10 });
    expect(await monitor.probe()).toBe(true);
    control.away = true;
    expect(await monitor.probe()).toBe(false);
    await waitUntil('the monitor down', () => monitor.state() === 'down');
    monitor.stop();
  });
});
