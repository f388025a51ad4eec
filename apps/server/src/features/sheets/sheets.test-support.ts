import { sheets as contract } from '@console/contract';
import { eq } from 'drizzle-orm';
import { injectAs, requestOf, type TestContext } from '#test/context.js';
import { buildApplication, buildUser, giveApplication, type BuiltUser } from '#test/factories.js';
import { arrangeTwoSchools } from '#test/users-factories.js';
import { encryptSecret } from '#platform/auth/secrets.js';
import { schools } from '#platform/db/schema/index.js';

/**
 * A school with pupils whose names carry accents, ß and ñ, each with a platform access (one with
 * a code), a teacher, and a pupil of another school; signed in: its school administrator
 * ('direction', who may see passwords), a Gestionnaire of the other school ('manager') and a
 * pupil ('pupil', without the PDF right).
 */
export async function arrangeSheetSchool(t: TestContext) {
  const key = t.env.encryptionKey;
  const arranged = await arrangeTwoSchools(t, { managerOf: 'other' });
  const { home } = arranged;
  await t.db.update(schools).set({ name: 'Collège Émile Zola' }).where(eq(schools.uai, home));
  const pupil = (values: Partial<BuiltUser>) => buildUser(t.db, key, { profile: 'Eleve', uai: home, level: '6e', ...values });
  const pupils = [
    await pupil({ lastname: 'Dupré', firstname: 'Zoé', login: 'zoe.dupre', password: 'pako4821', className: '6e A' }),
    await pupil({ lastname: 'Weiß', firstname: 'Jürgen', login: 'jurgen.weiss', password: 'ravo7315', className: '6e A' }),
    await pupil({
      lastname: 'Muñoz',
      firstname: 'Iñaki',
      login: 'inaki.munoz',
      password: 'tiku2958',
      className: '5e Bleu',
      level: '5e',
    }),
  ];
  const teacher = await buildUser(t.db, key, {
    profile: 'Enseignant',
    uai: home,
    lastname: 'Prof',
    firstname: 'Ada',
    login: 'ada.prof',
    password: 'melo6042',
  });
  const stranger = await buildUser(t.db, key, { profile: 'Eleve', uai: arranged.other });

  const lls = await buildApplication(t.db, { name: 'Manuels Lelivrescolaire', platformId: 'LLS2020', order: 1 });
  const kne = await buildApplication(t.db, { name: 'Kiosque numérique', platformId: 'KNE', order: 2 });
  for (const [index, user] of pupils.entries()) {
    await giveApplication(t.db, user, lls, {
      login: `${user.login}.lls`,
      passwordEncrypted: encryptSecret(key, `lls-${index}-pass`),
    });
  }
  await giveApplication(t.db, pupils[0]!, kne, {
    login: 'zoe.kne',
    passwordEncrypted: encryptSecret(key, 'kne-secret'),
    keys: 'K-4242',
  });
  await giveApplication(t.db, pupils[1]!, kne, { login: 'jurgen.kne', status: 0 });
  return { ...arranged, pupils, teacher, stranger, selected: [...pupils, teacher] };
}

/** Posts `POST /pdf/{type}` as a signed-in caller. */
export function postSheets(t: TestContext, cookie: string, type: string, payload: object) {
  return injectAs(t.app, cookie, { ...requestOf(contract.generateSheets, { type }), payload });
}

/** The number of pages of a PDF that pdfkit wrote (each page an uncompressed /Type /Page dictionary). */
export function countPages(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;
}
