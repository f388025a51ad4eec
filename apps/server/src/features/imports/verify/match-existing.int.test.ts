import type { imports } from '@console/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.js';
import { buildSchool, buildSignedInUsers } from '#test/factories.js';
import { readUser } from '#test/users-factories.js';
import { decideImport, rollBack, snapshotDatabase, verifyCsv } from '../rollback/rollback.test-support.js';

/**
 * Issue 31 §7: a new-users file verified again once imported previewed every pupil to be created
 * twice, each with a `2` in its login. Lines naming users already in the school are now planned
 * as their updates and marked, and a numbered login says which line or account held the plain one.
 */

let t: TestContext;
let home: string;
let cookie: string;

const HEADER = 'Profil;Nom;Prénom;Niveau;Classe;Login';
const FIRST_FILE = [HEADER, 'Eleve;André;Léa;6e;6e A;', 'Eleve;Martin;Hugo;6e;6e B;', 'Enseignant;Roux;Anne;;;'].join('\n');

async function schoolUserCount(): Promise<number> {
  const result = await t.db.execute<{ count: number }>(sql`select count(*)::int as count from users where uai = ${home}`);
  return result.rows[0]!.count;
}

const byLine = (preview: imports.ImportCheckAnswer) => new Map(preview.users.map((user) => [user.line, user]));

beforeAll(async () => {
  t = await createTestContext();
  home = (await buildSchool(t.db, { name: 'Collège Jean Moulin', extension: 'moulin' })).uai;
  const signedIn = await buildSignedInUsers(t, { direction: { profile: 'Administrateur établissement', uai: home } });
  cookie = signedIn.cookies.direction;
  const first = await verifyCsv(t, cookie, 'users_initial', home, FIRST_FILE);
  expect(first.counts.create).toBe(3);
  await decideImport(t, cookie, first.importNumber, 1);
});
afterAll(() => t.close());

describe('a new-users file naming users already in the school', () => {
  it('verified again once imported: every line names its user, unchanged, nothing to create', async () => {
    const before = await schoolUserCount();
    const preview = await verifyCsv(t, cookie, 'users_initial', home, FIRST_FILE);
    expect(preview.counts).toEqual({ create: 0, update: 0, unchanged: 3, teaching: 0 });
    expect(preview.users.map((user) => [user.line, user.informations.login, user.existing?.by])).toEqual([
      [2, 'lea.andre.moulin', 'names'],
      [3, 'hugo.martin.moulin', 'names'],
      [4, 'anne.roux.moulin', 'names'],
    ]);
    expect(preview.users.every((user) => user.userId !== null && user.numberedLogin === undefined)).toBe(true);
    // Confirmed whole, it creates no one.
    const result = await decideImport(t, cookie, preview.importNumber, 1);
    expect(result.counts).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
    expect(await schoolUserCount()).toBe(before);
  });

  it('a pupil moved to another class of the level is their update; a namesake of another level is new, numbered and said why', async () => {
    const csv = [
      HEADER,
      'Eleve;ANDRE;Lea;6e;6e C;',
      'Eleve;André;Léa;4e;4e A;',
      'Eleve;Neuf;Nina;6e;6e A;',
      'Eleve;Neuf;Nina;6e;6e A;',
      'Eleve;Inconnu;Ugo;6e;6e A;hugo.martin.moulin',
    ].join('\n');
    const users = byLine(await verifyCsv(t, cookie, 'users_initial', home, csv));
    expect(users.get(2)).toMatchObject({
      action: 'update',
      existing: { by: 'names' },
      informations: { login: 'lea.andre.moulin' },
    });
    expect(users.get(2)!.changes).toContainEqual({ field: 'Classe', before: '6e A', after: '6e C' });
    // Another level: a namesake, whose login an account holds.
    expect(users.get(3)).toMatchObject({
      action: 'create',
      informations: { login: 'lea.andre2.moulin' },
      numberedLogin: { plain: 'lea.andre.moulin', heldBy: null },
    });
    expect(users.get(3)!.existing).toBeUndefined();
    // Two new namesakes in the file: the second is numbered after the first's line.
    expect(users.get(4)).toMatchObject({ action: 'create', informations: { login: 'nina.neuf.moulin' } });
    expect(users.get(4)!.numberedLogin).toBeUndefined();
    expect(users.get(5)).toMatchObject({
      informations: { login: 'nina.neuf2.moulin' },
      numberedLogin: { plain: 'nina.neuf.moulin', heldBy: 4 },
    });
    // A login names its user whatever the names the line gives.
    expect(users.get(6)).toMatchObject({ action: 'update', userId: expect.any(Number), existing: { by: 'login' } });
    expect(users.get(6)!.informations.login).toBe('hugo.martin.moulin');
  });

  it('confirmed, creates the new lines and updates the named users; the rollback takes back both', async () => {
    const lea = (await t.db.execute<{ id: number }>(sql`select id from users where login = 'lea.andre.moulin'`)).rows[0]!.id;
    const before = await snapshotDatabase(t);
    const count = await schoolUserCount();
    const csv = [HEADER, 'Eleve;André;Léa;6e;6e D;', 'Eleve;Nouveau;Noé;5e;5e A;'].join('\n');
    const preview = await verifyCsv(t, cookie, 'users_initial', home, csv);
    expect(preview.counts).toEqual({ create: 1, update: 1, unchanged: 0, teaching: 0 });
    const result = await decideImport(t, cookie, preview.importNumber, 1);
    expect(result.counts).toMatchObject({ created: 1, updated: 1 });
    expect(await readUser(t.db, lea)).toMatchObject({ className: '6e D', login: 'lea.andre.moulin' });
    expect(await schoolUserCount()).toBe(count + 1);
    await rollBack(t, cookie, preview.importNumber);
    expect(await snapshotDatabase(t)).toEqual(before);
  });

  it('a line left out stays as it is: the user keeps their class and no one is created', async () => {
    const count = await schoolUserCount();
    const preview = await verifyCsv(t, cookie, 'users_initial', home, [HEADER, 'Eleve;Martin;Hugo;6e;6e Z;'].join('\n'));
    const [hugo] = preview.users;
    expect(hugo).toMatchObject({ action: 'update', existing: { by: 'names' } });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/users/batch/${preview.importNumber}`,
      headers: { cookie },
      payload: { confirmation: 1, excludeUsers: [hugo!.line] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await readUser(t.db, hugo!.userId!)).toMatchObject({ className: '6e B' });
    expect(await schoolUserCount()).toBe(count);
  });
});
