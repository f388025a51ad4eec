import { users, type UserPlatforms } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '#test/render';
import { asksCredentials, bulkApplicationValueOf, bulkCredentialRowsOf } from './bulk-credentials';
import { educadhocKeysOf, pneErrorReportOf } from '../messaging/pne-report';
import { buildSchoolUser } from '../test-factories';
import { APPLICATIONS } from '../test-school';
import { deactivationEntryOf } from '../status/user-flags';

describe('bulk application credentials', () => {
  const fields = users.credentialFieldsOf(APPLICATIONS.kne, undefined);
  const platformsOf = (applications: UserPlatforms['platforms'][number]['applications']): UserPlatforms => ({
    userId: 1,
    login: 'ana',
    firstname: 'Ana',
    lastname: 'BERT',
    profile: 'Eleve',
    userPassword: 'ravo4821',
    platforms: [{ platformId: 'KNE', applications }],
  });

  it('asks credentials only of applications that need some', () => {
    expect(asksCredentials(fields)).toBe(true);
    expect(asksCredentials(users.credentialFieldsOf(APPLICATIONS.quizeo, undefined))).toBe(false);
  });

  it.each([
    [
      'nothing on the platform: own login and console password',
      [],
      { login: 'ana', password: 'ravo4821', keys: '', hasStoredPassword: false },
    ],
    [
      'a sibling application: its credentials',
      [{ idApplication: 99, status: 1, login: 'kne.ana', password: 'sib', hasPassword: true, keys: 'X' }],
      { login: 'kne.ana', password: 'sib', keys: '', hasStoredPassword: false },
    ],
    [
      'the application itself with a stored password: kept',
      [{ idApplication: 4, status: 0, login: 'kne.ana', password: null, hasPassword: true, keys: 'K1' }],
      { login: 'kne.ana', password: '', keys: 'K1', hasStoredPassword: true },
    ],
  ])('fills a row from %s', (_case, applications, expected) => {
    expect(bulkCredentialRowsOf([platformsOf(applications)], APPLICATIONS.kne, fields)[0]).toMatchObject(expected);
  });

  it('leaves a stored password out of the value', () => {
    const rows = [
      { userId: 1, name: 'A', userLogin: 'a', login: 'a', password: '', keys: 'K', hasStoredPassword: true },
      { userId: 2, name: 'B', userLogin: 'b', login: ' b ', password: 'p', keys: '', hasStoredPassword: false },
    ];
    expect(bulkApplicationValueOf(rows, fields)).toEqual([
      { idUser: 1, loginPlateforme: 'a', keys: 'K' },
      { idUser: 2, loginPlateforme: 'b', passwordPlateforme: 'p', keys: null },
    ]);
  });
});

describe('PNE report and keys', () => {
  it('writes one line per rejected key, or the message of an account without keys', async () => {
    const { t } = await createTestI18n();
    expect(
      pneErrorReportOf(
        [
          {
            username: 'a',
            message: 'refused',
            keys: [
              { key: 'K1', error: 'used' },
              { key: 'K2', error: 'unknown' },
            ],
          },
          { username: 'b', message: 'bad password', keys: [] },
        ],
        t,
      ),
    ).toBe('a: K1: used\na: K2: unknown\nb: bad password\n');
  });

  it("writes what the server said itself in the interface's language, with its counts", async () => {
    const data = [
      { username: 'a', message: '', problem: 'keys_rejected' as const, counts: { rejected: 2, total: 3 }, keys: [] },
      { username: 'b', message: '', problem: 'keys_rejected' as const, counts: { rejected: 1, total: 3 }, keys: [] },
      {
        username: 'c',
        message: '',
        problem: 'no_answer' as const,
        keys: [{ key: 'K9', error: '', problem: 'no_answer' as const }],
      },
    ];
    expect(pneErrorReportOf(data, (await createTestI18n('fr')).t)).toBe(
      "a: 2 clés sur 3 non activées.\nb: 1 clé sur 3 non activée.\nc: K9: Le service PNE n'a pas répondu pour ce compte.\n",
    );
    expect(pneErrorReportOf(data, (await createTestI18n('en')).t)).toBe(
      'a: 2 keys of 3 not activated.\nb: 1 key of 3 not activated.\nc: K9: The PNE service did not answer for this account.\n',
    );
  });

  it("reads a teacher's keys from the Educadhoc code", () => {
    expect(educadhocKeysOf(buildSchoolUser({ applications: { '3': { status: 1, code: ' K1, K2;K3 ' } } }), 3)).toEqual([
      'K1',
      'K2',
      'K3',
    ]);
    expect(educadhocKeysOf(buildSchoolUser(), 3)).toEqual([]);
  });
});

describe('deactivation entries', () => {
  it('flags Lelivrescolaire.fr and Quizeo by name, enabled only', () => {
    const user = buildSchoolUser({ id: 5, applications: { '1': { status: 1, code: null }, '2': { status: 0, code: null } } });
    expect(deactivationEntryOf(user, Object.values(APPLICATIONS))).toEqual({ id: 5, lls: true, quizeo: false });
  });
});
