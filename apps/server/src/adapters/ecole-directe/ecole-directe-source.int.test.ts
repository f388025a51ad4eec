import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEcoleDirecte, type EcoleDirecteMode, type FakeEcoleDirecte } from '#test/fakes/ecole-directe.js';
import { EcoleDirecteError, type EcoleDirecteFailure } from './ecole-directe-error.js';
import { createEcoleDirecteSource } from './ecole-directe-source.js';
import type { RosterQuery, SchoolRosterSource } from './school-roster.js';

const TOKEN = 'school-token-7f3a9c';
const UAI = '0771234Y';
const TIMEOUT_MS = 1_500;
const NOW = () => new Date('2026-11-29T10:00:00Z');
const USERS_PATHS = ['/v3/admin/utilisateurs/eleves.awp', '/v3/admin/utilisateurs/professeurs.awp'];

const roster = {
  token: TOKEN,
  schools: [UAI],
  pupils: [
    { id: 4101, nom: ' MARTIN', prenom: 'Léa ', libelleClasse: '6EME A' },
    { id: 4107, nom: 'DURAND', prenom: 'Emma', libelleClasse: '5EME B' },
    { id: 4120, nom: 'SANS CLASSE', prenom: 'Noé', libelleClasse: '' },
  ],
  teachers: [{ id: 230, nom: 'LEROY', prenom: 'Claire' }],
};

let fake: FakeEcoleDirecte;
let source: SchoolRosterSource;

const query = (change: Partial<RosterQuery> = {}): RosterQuery => ({
  token: TOKEN,
  uai: UAI,
  nextYear: false,
  profile: 'all',
  ...change,
});

/** The EcoleDirecteError a fetch fails with, checked to hold none of the tokens seen. */
async function failureOf(fetching: Promise<unknown>, tokens: string[] = []): Promise<EcoleDirecteError> {
  const error = await fetching.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(EcoleDirecteError);
  const failure = error as EcoleDirecteError;
  const seen = [TOKEN, ...tokens, ...fake.calls().flatMap((call) => (call.xToken ? [call.xToken] : []))];
  const texts = [failure.message, String(failure.stack), String(failure.cause ?? '')];
  for (const token of seen) for (const text of texts) expect(text).not.toContain(token);
  return failure;
}

beforeAll(async () => {
  fake = await startFakeEcoleDirecte(roster);
  source = createEcoleDirecteSource({ baseUrl: fake.url, timeoutMs: TIMEOUT_MS, now: NOW });
});
afterEach(() => fake.setMode('normal'));
afterAll(() => fake.close());

describe('EcoleDirecte roster source', () => {
  it('fetches the pupils then the teachers, mapped and trimmed, with the school and the current year', async () => {
    const before = fake.calls().length;
    expect(await source.fetchRoster(query())).toEqual({
      pupils: [
        { id: '4101', lastname: 'MARTIN', firstname: 'Léa', className: '6EME A' },
        { id: '4107', lastname: 'DURAND', firstname: 'Emma', className: '5EME B' },
        { id: '4120', lastname: 'SANS CLASSE', firstname: 'Noé', className: null },
      ],
      teachers: [{ id: '230', lastname: 'LEROY', firstname: 'Claire', className: null }],
    });
    const calls = fake.calls().slice(before);
    expect(calls.map((call) => call.path)).toEqual(USERS_PATHS);
    for (const call of calls) {
      expect(call.query).toEqual({ verbe: 'get', filterSearch: '' });
      expect(call.data).toEqual({ token: call.xToken, rne: UAI, anneeScolaire: '2026-2027' });
      expect(call.userAgent).toMatch(/^Mozilla\/5\.0 /);
    }
  });

  it('sends each call the token the previous answer handed out', async () => {
    const once = await startFakeEcoleDirecte({ ...roster, initialTokenOnce: true });
    try {
      const onceSource = createEcoleDirecteSource({ baseUrl: once.url, timeoutMs: TIMEOUT_MS, now: NOW });
      const fetched = await onceSource.fetchRoster(query());
      expect(fetched.pupils).toHaveLength(3);
      expect(fetched.teachers).toHaveLength(1);
      const [first, second] = once.calls();
      expect(first?.xToken).toBe(TOKEN);
      expect(second?.xToken).toEqual(expect.any(String));
      expect(second?.xToken).not.toBe(TOKEN);
      // The initial token is spent: a client that sent it again would be refused.
      const failure = await failureOf(onceSource.fetchRoster(query()), [second!.xToken!]);
      expect(failure.failure).toBe('invalid_token');
    } finally {
      await once.close();
    }
  });

  it.each([
    ['teachers', [USERS_PATHS[1]], { pupils: 0, teachers: 1 }],
    ['students', [USERS_PATHS[0]], { pupils: 3, teachers: 0 }],
  ] as const)('makes the one call a profile of %s needs', async (profile, paths, counts) => {
    const before = fake.calls().length;
    const fetched = await source.fetchRoster(query({ profile }));
    expect({ pupils: fetched.pupils.length, teachers: fetched.teachers.length }).toEqual(counts);
    expect(
      fake
        .calls()
        .slice(before)
        .map((call) => call.path),
    ).toEqual(paths);
  });

  it('asks for the next school year when told', async () => {
    const before = fake.calls().length;
    await source.fetchRoster(query({ nextYear: true, profile: 'teachers' }));
    expect(fake.calls().slice(before)[0]?.data).toMatchObject({ anneeScolaire: '2027-2028' });
  });

  it('says invalid_token for a wrong token, after one call, and for a blank one without calling', async () => {
    const before = fake.calls().length;
    const wrong = await failureOf(source.fetchRoster(query({ token: 'wrong-token-1234' })), ['wrong-token-1234']);
    expect(wrong.failure).toBe('invalid_token');
    expect(fake.calls()).toHaveLength(before + 1);
    expect((await failureOf(source.fetchRoster(query({ token: '  ' })))).failure).toBe('invalid_token');
    expect(fake.calls()).toHaveLength(before + 1);
  });

  it('says school_unavailable for a school EcoleDirecte does not serve', async () => {
    expect((await failureOf(source.fetchRoster(query({ uai: '0770934X' })))).failure).toBe('school_unavailable');
  });

  it.each<[EcoleDirecteMode, EcoleDirecteFailure]>([
    ['forbidden', 'invalid_token'],
    ['expired', 'invalid_token'],
    ['garbage', 'unavailable'],
    ['http-error', 'unavailable'],
    ['wrong-shape', 'unavailable'],
  ])('says %s → %s', async (mode, expected) => {
    fake.setMode(mode);
    expect((await failureOf(source.fetchRoster(query()))).failure).toBe(expected);
  });

  it('gives up past its timeout when EcoleDirecte does not answer', async () => {
    fake.setMode('slow');
    const failure = await failureOf(source.fetchRoster(query()));
    expect(failure.failure).toBe('unavailable');
    expect(failure.message).toContain(`within ${TIMEOUT_MS} ms`);
  }, 30_000);

  it('refuses an answer larger than its limit', async () => {
    const small = createEcoleDirecteSource({ baseUrl: fake.url, timeoutMs: TIMEOUT_MS, now: NOW, maxAnswerBytes: 100 });
    const failure = await failureOf(small.fetchRoster(query()));
    expect(failure.failure).toBe('unavailable');
    expect(failure.message).toContain('larger than 100 bytes');
  });

  it('says unavailable when nothing listens', async () => {
    const stopped = await startFakeEcoleDirecte(roster);
    await stopped.close();
    const unreachable = createEcoleDirecteSource({ baseUrl: stopped.url, timeoutMs: TIMEOUT_MS, now: NOW });
    expect((await failureOf(unreachable.fetchRoster(query()))).failure).toBe('unavailable');
  });

  it('never calls another endpoint', () => {
    expect(fake.calls().filter((call) => !USERS_PATHS.includes(call.path))).toEqual([]);
  });
});
