import { DEFAULT_RIGHTS, PROFILE_NAMES, PROFILES } from '@console/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { profileRights, profiles } from '../schema/index.js';

/**
 * Writes the five profiles and each one's complete rights map (contract DEFAULT_RIGHTS).
 * Idempotent; runs at every start, so that a new area reaches existing databases. An area
 * already present keeps its stored levels (an operator may have changed them).
 */
export async function seedProfiles(db: Database): Promise<void> {
  await db
    .insert(profiles)
    .values(PROFILE_NAMES.map((name) => ({ id: PROFILES[name], name })))
    .onConflictDoUpdate({ target: profiles.id, set: { name: sql`excluded.name` } });
  const rows = PROFILE_NAMES.flatMap((name) =>
    Object.entries(DEFAULT_RIGHTS[name]).map(([area, entry]) => ({
      profileId: PROFILES[name],
      area,
      lecture: entry.Lecture,
      ecriture: entry.Ecriture,
    })),
  );
  await db.insert(profileRights).values(rows).onConflictDoNothing();
}
