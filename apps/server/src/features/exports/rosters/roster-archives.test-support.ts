import { userExports as contract } from '@console/contract';
import { eq } from 'drizzle-orm';
import { injectAs, requestOf, type TestContext } from '#test/context.js';
import { buildUser, type BuiltUser } from '#test/factories.js';
import { arrangeTwoSchools } from '#test/users-factories.js';
import { readZipEntries } from '#test/zip.js';
import { schools, teachingAssignments } from '#platform/db/schema/index.js';

/** Every entry of a zip by its name, decoded as UTF-8. */
export async function readZip(buffer: Buffer): Promise<Record<string, string>> {
  const entries = await readZipEntries(buffer);
  return Object.fromEntries([...entries].map(([name, bytes]) => [name, bytes.toString('utf8')]));
}

/**
 * A school whose settings hold a location id, with pupils in two classes (one name with a space
 * and an accent), a teacher teaching both, a pupil without a class and a staff member; signed
 * in: its Gestionnaire ('manager', who holds the ASM right by default) and its school
 * administrator ('direction', who does not).
 */
export async function arrangeArchiveSchool(t: TestContext) {
  const key = t.env.encryptionKey;
  const arranged = await arrangeTwoSchools(t, { managerOf: 'home' });
  const { home } = arranged;
  await t.db
    .update(schools)
    .set({ name: 'Collège Jean Moulin, Lyon', deployment: { asmInformations: { locationId: 'LYON-MOULIN' } } })
    .where(eq(schools.uai, home));
  const pupil = (values: Partial<BuiltUser>) => buildUser(t.db, key, { profile: 'Eleve', uai: home, ...values });
  const pupils = [
    await pupil({ lastname: 'Dupré', firstname: 'Zoé', login: 'zoe.dupre', level: '6e', className: '6e A' }),
    await pupil({ lastname: 'O"Neil', firstname: 'Luc Marie', login: 'luc.oneil', level: '6e', className: '6e A' }),
    await pupil({ lastname: 'Martin', firstname: 'Léa', login: 'lea.martin', level: '5e', className: '5e Bleu' }),
    await pupil({ lastname: 'Sans', firstname: 'Classe', login: 'sans.classe', level: '5e', className: null }),
  ];
  const teacher = await buildUser(t.db, key, {
    profile: 'Enseignant',
    uai: home,
    lastname: 'Prof',
    firstname: 'Ada',
    login: 'ada.prof',
    email: 'ada@example.fr',
  });
  await t.db.insert(teachingAssignments).values([
    { userId: teacher.id, className: '6e A', discipline: 'Mathématiques' },
    { userId: teacher.id, className: '5e Bleu', discipline: 'Mathématiques' },
  ]);
  const selected = [...pupils, teacher, arranged.users.direction];
  return { ...arranged, pupils, teacher, selectedIds: selected.map((user) => user.id) };
}

/** Posts an archive export as a signed-in caller. */
export function postArchive(t: TestContext, cookie: string, kind: 'asm' | 'oneroster', payload: object) {
  return injectAs(t.app, cookie, { ...requestOf(kind === 'asm' ? contract.exportAsm : contract.exportOneRoster), payload });
}
