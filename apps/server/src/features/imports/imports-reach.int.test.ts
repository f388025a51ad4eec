import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBatchChunks, importBatches } from '#platform/db/schema/index.js';
import type { TestContext } from '#test/context.js';
import { buildUser } from '#test/factories.js';
import { buildImportsWorld, importCalls, verified, type ImportsWorld } from './imports.test-support.js';

/** The import's rights and reach: another school's file or batch, import numbers, stale verifications, authors. */
let world: ImportsWorld;
let t: TestContext;
let home: string;
let other: string;
let actorIds: ImportsWorld['actorIds'];

beforeAll(async () => {
  world = await buildImportsWorld();
  ({ t, home, other, actorIds } = world);
});
afterAll(() => t.close());

const { verifyCsv, decide, usersOfImport, countBatches } = importCalls(() => world);

describe('rights and reach', () => {
  it('answers 404 to a school administrator importing into another school, and to anyone confirming an import not theirs', async () => {
    const csv = ['Profil;Nom;Prénom;Niveau', 'Eleve;Blanc;Rose;6e'].join('\n');
    const batchesBefore = await countBatches();
    const outside = await verifyCsv('direction', 'users_initial', csv, other);
    expect(outside.statusCode).toBe(404);
    expect(await countBatches()).toBe(batchesBefore);

    const preview = verified(await verifyCsv('direction', 'users_initial', csv));
    for (const caller of ['outsider', 'manager', 'admin'] as const) {
      const response = await decide(caller, preview.importNumber, { confirmation: 1, excludeUsers: [] });
      expect(response.statusCode, caller).toBe(404);
    }
    expect(await usersOfImport(preview.importNumber)).toHaveLength(0);
    const unknown = await decide('direction', 999_999, { confirmation: 1, excludeUsers: [] });
    expect(unknown.statusCode).toBe(404);
  });

  it('numbers an import after the highest import number users carry, so that the grid filter shows its users only', async () => {
    await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: home, importNumber: 5000 });
    const first = verified(
      await verifyCsv('direction', 'users_initial', ['Profil;Nom;Prénom;Niveau', 'Eleve;Numéro;Un;6e'].join('\n')),
    );
    expect(first.importNumber).toBe(5001);
    const second = verified(
      await verifyCsv('direction', 'users_initial', ['Profil;Nom;Prénom;Niveau', 'Eleve;Numéro;Deux;6e'].join('\n')),
    );
    expect(second.importNumber).toBe(5002);
  });

  it('cancels a verification left unconfirmed for a day, its plan dropped, when another file is verified', async () => {
    const old = verified(
      await verifyCsv('direction', 'users_initial', ['Profil;Nom;Prénom;Niveau', 'Eleve;Ancien;Paul;6e'].join('\n')),
    );
    await t.db.execute(sql`update import_batches set created_at = now() - interval '25 hours' where id = ${old.importNumber}`);
    verified(await verifyCsv('direction', 'users_initial', ['Profil;Nom;Prénom;Niveau', 'Eleve;Récent;Paul;6e'].join('\n')));
    const [row] = await t.db.select().from(importBatches).where(eq(importBatches.id, old.importNumber));
    expect(row!.status).toBe('cancelled');
    expect(await t.db.$count(importBatchChunks, eq(importBatchChunks.batchId, old.importNumber))).toBe(0);
    const late = await decide('direction', old.importNumber, { confirmation: 1, excludeUsers: [] });
    expect(late.statusCode).toBe(409);
    expect(await usersOfImport(old.importNumber)).toHaveLength(0);
  });

  it('records the author of each verified batch', async () => {
    const preview = verified(
      await verifyCsv('admin', 'users_initial', ['Profil;Nom;Prénom;Niveau', 'Eleve;Noir;Jade;6e'].join('\n')),
    );
    const [batch] = await t.db
      .execute<{ created_by_id: number; status: string }>(
        sql`select created_by_id, status from import_batches where id = ${preview.importNumber}`,
      )
      .then((result) => result.rows);
    expect(batch).toEqual({ created_by_id: actorIds.admin, status: 'verified' });
  });
});
