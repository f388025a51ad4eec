import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from './client.js';

type Read = () => PromiseLike<unknown>;

/**
 * Runs independent reads through one executor: at once on the database (the pool spreads them
 * over its connections), one after another in a transaction, whose one connection runs one query
 * at a time (node-postgres queues a second one, which pg 8 warns of and pg 9 will refuse).
 * The reads are functions, so that none starts before its turn. Answers their results in order.
 */
export async function readTogether<const Reads extends readonly Read[]>(
  executor: Executor,
  reads: Reads,
): Promise<{ -readonly [K in keyof Reads]: Awaited<ReturnType<Reads[K]>> }> {
  type Results = { -readonly [K in keyof Reads]: Awaited<ReturnType<Reads[K]>> };
  if (!(executor instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as Results;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results;
}
