import type { RightsMap } from '@console/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '#platform/db/client.js';

const TTL_MS = 30_000;

type Entry = { loadedAt: number; maps: Promise<Map<number, RightsMap>> };
const caches = new WeakMap<Database, Entry>();

async function loadAll(db: Database): Promise<Map<number, RightsMap>> {
  const result = await db.execute<{ profile_id: number; area: string; lecture: number; ecriture: number }>(
    sql`select profile_id, area, lecture, ecriture from profile_rights`,
  );
  const maps = new Map<number, RightsMap>();
  for (const row of result.rows) {
    const map = maps.get(row.profile_id) ?? {};
    (map as Record<string, { Lecture: 0 | 1; Ecriture: 0 | 1 }>)[row.area] = {
      Lecture: row.lecture === 1 ? 1 : 0,
      Ecriture: row.ecriture === 1 ? 1 : 0,
    };
    maps.set(row.profile_id, map);
  }
  return maps;
}

/**
 * The rights map of a profile. The maps of all profiles (a few hundred rows) are read at once
 * and kept 30 s: a change to profile_rights reaches every instance within that time.
 */
export async function getProfileRights(db: Database, profileId: number): Promise<RightsMap> {
  let entry = caches.get(db);
  if (!entry || Date.now() - entry.loadedAt > TTL_MS) {
    entry = { loadedAt: Date.now(), maps: loadAll(db) };
    caches.set(db, entry);
    entry.maps.catch(() => caches.delete(db));
  }
  return (await entry.maps).get(profileId) ?? {};
}

/** Forgets the cached maps, so that the next read sees the database (after a rights change). */
export function forgetProfileRights(db: Database): void {
  caches.delete(db);
}
