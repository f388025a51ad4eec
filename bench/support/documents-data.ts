// What the documents bench and its archive probe (archive-memory.ts) arrange: schools, the two
// people who list and fetch documents, and document rows.
import { PROFILES } from '@console/contract';
import { randomToken } from '../../apps/server/src/platform/auth/secrets.js';
import type { Database } from '../../apps/server/src/platform/db/client.js';
import { documents, documentSchools, schools, users } from '../../apps/server/src/platform/db/schema/index.js';
import { seedProfiles } from '../../apps/server/src/platform/db/seed/profiles.js';

export const SCHOOLS = 50;

/** 50 schools, an Administrateur and a school administrator of the first school; answers their ids and the UAIs. */
export async function arrangePeople(db: Database): Promise<{ adminId: number; directionId: number; uais: string[] }> {
  await seedProfiles(db);
  const uais = Array.from({ length: SCHOOLS }, (_, index) => `${String(690_0000 + index).padStart(7, '0')}A`);
  await db
    .insert(schools)
    .values(uais.map((uai) => ({ uai, name: `Collège ${uai}`, town: 'Lyon', extension: `c${uai.slice(3, 7)}` })));
  const person = (profileId: number, login: string, uai: string | null) => ({
    profileId,
    firstname: 'Bench',
    lastname: login,
    login,
    uai,
    linkToken: randomToken(),
  });
  const [admin, direction] = await db
    .insert(users)
    .values([
      person(PROFILES.Administrateur, 'admin.bench', null),
      person(PROFILES['Administrateur établissement'], 'direction.bench', uais[0]!),
    ])
    .returning({ id: users.id });
  return { adminId: admin!.id, directionId: direction!.id, uais };
}

/**
 * `count` documents of `size` bytes stored under `keyOf(index)`, each for one to three schools (one
 * in twenty for every school), uploaded by the Administrateur.
 */
export async function insertDocuments(
  db: Database,
  people: { adminId: number; uais: string[] },
  { count, size, keyOf }: { count: number; size: number; keyOf: (index: number) => string },
): Promise<void> {
  const { adminId, uais } = people;
  for (let start = 0; start < count; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, count - start) }, (_, offset) => start + offset);
    const rows = await db
      .insert(documents)
      .values(
        batch.map((index) => ({
          key: keyOf(index),
          name: `Document ${String(index).padStart(5, '0')}.pdf`,
          type: 'application/pdf',
          size,
          uploadedById: adminId,
          uploaderFirstname: 'Bench',
          uploaderLastname: 'Admin',
          uploaderProfile: 'Administrateur',
          allSchools: index % 20 === 0,
        })),
      )
      .returning({ id: documents.id });
    const links = rows.flatMap((row, offset) =>
      Array.from({ length: 1 + (offset % 3) }, (_, n) => ({
        documentId: row.id,
        uai: uais[(start + offset + n * 7) % uais.length]!,
      })),
    );
    await db.insert(documentSchools).values(links).onConflictDoNothing();
  }
}
