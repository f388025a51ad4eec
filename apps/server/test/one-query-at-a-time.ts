import { afterAll, expect } from 'vitest';

/**
 * Integration setup: a file whose code sent a second query to a connection still running one (two
 * reads at once in a transaction) fails. node-postgres queues it with a deprecation warning, and
 * pg 9 will refuse it: readTogether (platform/db/reads.ts) is how reads run together. Only the
 * PostgreSQL run can see it; Node warns once per process, and each test file has its own.
 */
const QUEUED_QUERY = 'Calling client.query() when the client is already executing a query';
const warnings: string[] = [];
process.on('warning', (warning) => {
  if (warning.message.includes(QUEUED_QUERY)) warnings.push(warning.message);
});

afterAll(() => {
  expect(warnings, 'a connection was sent a query while it ran another').toEqual([]);
});
