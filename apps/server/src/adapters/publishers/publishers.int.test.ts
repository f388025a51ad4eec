import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakePublishers, type FakePublishers, type PublisherMode } from '#test/fakes/publishers.js';
import { createEdulibVerifier } from './edulib.js';
import { createLeLivreScolaireVerifier } from './le-livre-scolaire.js';
import { PublisherUnavailableError, type TokenVerifier } from './token-verifier.js';

let fake: FakePublishers;
const TIMEOUT_MS = 1_000;

beforeAll(async () => {
  fake = await startFakePublishers({ slowMs: 6_000 });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.setMode('ok');
  fake.rejectLogins([]);
  fake.checks.length = 0;
});

const USERS = [
  { login: 'anne.martin', code: 'LIC-1' },
  { login: 'paul.durand', code: null },
  { login: 'lea.petit', code: null },
];

const clients: [string, 'edulib' | 'le-livre-scolaire', (key?: string, baseUrl?: string) => TokenVerifier][] = [
  [
    'Edulib',
    'edulib',
    (key, baseUrl) =>
      createEdulibVerifier({ baseUrl: baseUrl ?? fake.edulibUrl, apiKey: key ?? fake.keys.edulib, timeoutMs: TIMEOUT_MS }),
  ],
  [
    'Le Livre Scolaire',
    'le-livre-scolaire',
    (key, baseUrl) =>
      createLeLivreScolaireVerifier({ baseUrl: baseUrl ?? fake.llsUrl, apiKey: key ?? fake.keys.lls, timeoutMs: TIMEOUT_MS }),
  ],
];

describe.each(clients)('%s adapter', (_label, publisher, create) => {
  it('sends the school and the logins with their codes, and reads every token as valid', async () => {
    expect(await create().verifyTokens('0693284X', USERS)).toEqual([
      { login: 'anne.martin', valid: true, message: null },
      { login: 'paul.durand', valid: true, message: null },
      { login: 'lea.petit', valid: true, message: null },
    ]);
    expect(fake.checks).toEqual([{ publisher, uai: '0693284X', users: USERS }]);
  });

  it('reads the refused tokens with the publisher’s reason', async () => {
    fake.setMode('some-errors');
    fake.rejectLogins(['paul.durand']);
    const results = await create().verifyTokens('0693284X', USERS);
    expect(results.filter((result) => !result.valid)).toEqual([
      { login: 'paul.durand', valid: false, message: publisher === 'edulib' ? 'Licence expirée' : 'Compte inconnu' },
    ]);
    expect(results.filter((result) => result.valid)).toHaveLength(2);
  });

  it('throws rejected_key when the publisher refuses the key', async () => {
    const failure = await create('wrong-key')
      .verifyTokens('0693284X', USERS)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PublisherUnavailableError);
    expect((failure as PublisherUnavailableError).reason).toBe('rejected_key');
  });

  it.each<[PublisherMode, string]>([
    ['down', 'http_error'],
    ['garbage', 'bad_answer'],
    ['slow', 'timeout'],
  ])('throws PublisherUnavailableError when the publisher is %s', async (mode, reason) => {
    fake.setMode(mode, publisher);
    const started = performance.now();
    const failure = await create()
      .verifyTokens('0693284X', USERS)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PublisherUnavailableError);
    expect((failure as PublisherUnavailableError).reason).toBe(reason);
    expect(performance.now() - started).toBeLessThan(4_000);
  });

  it('throws unreachable when nothing listens', async () => {
    const stopped = await startFakePublishers();
    await stopped.close();
    const failure = await create(undefined, `${stopped.url}/x`)
      .verifyTokens('0693284X', USERS)
      .catch((error: unknown) => error);
    expect((failure as PublisherUnavailableError).reason).toBe('unreachable');
  });
});
