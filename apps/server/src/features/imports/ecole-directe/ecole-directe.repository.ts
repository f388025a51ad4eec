import { and, eq, inArray } from 'drizzle-orm';
import { PROFILES } from '@console/contract';
import type { Executor } from '#platform/db/client.js';
import { users } from '#platform/db/schema/index.js';

/** A school's pupils and teachers, by their names: whom an EcoleDirecte roster is compared with. */
export async function listSchoolPeople(
  db: Executor,
  uai: string,
): Promise<{ profileId: number; lastname: string; firstname: string }[]> {
  return db
    .select({ profileId: users.profileId, lastname: users.lastname, firstname: users.firstname })
    .from(users)
    .where(and(eq(users.uai, uai), inArray(users.profileId, [PROFILES.Eleve, PROFILES.Enseignant])));
}
