import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import type { AppDeps } from '#platform/context.js';
import type { Database } from '#platform/db/client.js';
import { createTestEnv } from './context.js';
import { buildApplication, buildUser, giveApplication, type BuiltUser } from './factories.js';

/**
 * Factories for the mail and PNE tests: an app on an existing test database with its own
 * configuration (SMTP_URL, PNE_API_URL, a DATA_DIR of its own for the outbox), and teachers
 * with an Educadhoc code.
 */

/** A built app on `db` with these variables and, when given, `dataDir` (the outbox is dataDir/outbox). Close it after. */
export async function buildMessagingApp(
  deps: Pick<AppDeps, 'db' | 'engine'>,
  variables: Record<string, string>,
  dataDir?: string,
): Promise<FastifyInstance> {
  const env = createTestEnv(variables);
  const app = await buildApp({ db: deps.db, engine: deps.engine, env: dataDir ? { ...env, dataDir } : env });
  await app.ready();
  return app;
}

/** The catalogue's Educadhoc application (PNE platform). */
export function buildEducadhocApplication(db: Database) {
  return buildApplication(db, { name: 'Educadhoc', platformId: 'PNE' });
}

/** A user with the Educadhoc application and this code (null: the access without a code). */
export async function buildUserWithEducadhocCode(
  db: Database,
  key: Buffer,
  educadhoc: { id: number },
  options: Parameters<typeof buildUser>[2] & { code: string | null },
): Promise<BuiltUser> {
  const { code, ...values } = options;
  const user = await buildUser(db, key, values);
  await giveApplication(db, user, educadhoc, { keys: code });
  return user;
}
