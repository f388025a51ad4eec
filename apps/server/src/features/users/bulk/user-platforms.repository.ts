import { sql } from 'drizzle-orm';
import type { Executor } from '#platform/db/client.js';

export type PlatformAccessRow = {
  user_id: number;
  application_id: number;
  platform_id: string;
  status: number;
  login: string | null;
  password_encrypted: string | null;
  keys: string | null;
};

/** Some users' application accesses, in the catalogue's order (platforms, then applications). */
export async function listUsersAccesses(executor: Executor, userIds: readonly number[]): Promise<PlatformAccessRow[]> {
  const result = await executor.execute<PlatformAccessRow>(sql`
    select ua.user_id, ua.application_id, a.platform_id, ua.status, ua.login, ua.password_encrypted, ua.keys
    from user_applications ua
      join applications a on a.id = ua.application_id
      join platforms p on p.id = a.platform_id
    where ua.user_id = any(${sql.param([...userIds])}::int[])
    order by ua.user_id, p."order", p.id, a."order", a.id`);
  return result.rows;
}
