import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#test/context.js';
import { buildSchool, buildUser } from '#test/factories.js';
import { randomBytes } from 'node:crypto';
import type { DatabaseHandle } from '#platform/db/client.js';
import { deletedUsers } from '#platform/db/schema/index.js';
import { findTakenLogins } from './imports.repository.js';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

describe('findTakenLogins', () => {
  it('finds the taken logins among more than one statement holds, case aside', async () => {
    const key = randomBytes(32);
    const { uai } = await buildSchool(handle.db, { name: 'Collège Jean Moulin' });
    // In the first, second and third parts of 5,000 logins.
    for (const login of ['Eleve.1', 'eleve.5001', 'eleve.12000'])
      await buildUser(handle.db, key, { profile: 'Eleve', uai, login });
    const asked = Array.from({ length: 12_000 }, (_unused, index) => `eleve.${index + 1}`);
    expect([...(await findTakenLogins(handle.db, asked))].sort()).toEqual(['eleve.1', 'eleve.12000', 'eleve.5001']);
    expect(await findTakenLogins(handle.db, [])).toEqual(new Set());
  });

  it('counts a login held in the bin as taken, case aside, and a login both hold once', async () => {
    const key = randomBytes(32);
    const { uai } = await buildSchool(handle.db, { name: 'Collège Louise Michel' });
    const live = await buildUser(handle.db, key, { profile: 'Eleve', uai, login: 'Both.Held' });
    await handle.db.insert(deletedUsers).values([
      { userId: live.id + 1000, uai, login: 'Parti.7000', firstname: 'Léa', lastname: 'Martin', profileId: 1, snapshot: {} },
      { userId: live.id + 1001, uai, login: 'both.held', firstname: 'Jean', lastname: 'Dupont', profileId: 1, snapshot: {} },
    ]);
    const asked = ['parti.7000', 'both.held', 'libre.1', 'parti.700'];
    expect([...(await findTakenLogins(handle.db, asked))].sort()).toEqual(['both.held', 'parti.7000']);
  });
});
