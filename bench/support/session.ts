import { hashToken, randomToken } from '../../apps/server/src/platform/auth/secrets.js';
import type { Database } from '../../apps/server/src/platform/db/client.js';
import { sessions } from '../../apps/server/src/platform/db/schema/index.js';

/** A session for a user, as sign-in would make it; answers the Cookie header. */
export async function createSession(db: Database, userId: number): Promise<string> {
  const token = randomToken();
  await db.insert(sessions).values({ id: hashToken(token), userId, expiresAt: new Date(Date.now() + 3_600_000) });
  return `sid=${token}`;
}
