// Whether the logins a file's new users would get are taken (issue 31): findTakenLogins, as a
// 10,000-line import asks it (its logins and a few numbered ones, in parts of 5,000), on the
// seeded school with 50,000 more accounts and a bin of 20,000 (a start of year's deletions are
// kept 30 days). Both tables are searched on their index of lower(login), so the time follows the
// logins asked, not the accounts held: the lookup that asked each login with `exists … or exists`
// read the whole bin for each login on PostgreSQL (5,000 logins against a bin of 20,000: 24 s)
// and hashed every account's login on PGlite (55 ms for 10,000 against 35,000 accounts).
// Target: ≤ 100 ms for the 10,000 logins on each engine (a tenth of the verification it is part of).
import { sql } from 'drizzle-orm';
import { findTakenLogins } from '../apps/server/src/features/imports/imports.repository.js';
import { formatMs, percentile } from './support/measure.js';
import { measureOnEachEngine, type EngineFigures } from './support/seeded-school.js';

const ACCOUNTS = 50_000;
const BIN = 20_000;
const ASKED = 10_000;
const ROUNDS = 7;
const TARGET_MS = 100;

export function runTakenLoginsBench(options: { databaseUrl?: string }): Promise<EngineFigures> {
  return measureOnEachEngine('taken-logins', options.databaseUrl, async (label, { handle }) => {
    try {
      const { db } = handle;
      const [school] = (
        await db.execute<{ uai: string; profile_id: number }>(
          sql`select uai, profile_id from users where uai is not null limit 1`,
        )
      ).rows;
      // More accounts, then a bin, their logins in the seeded logins' form; one in ten asked below is held.
      await db.execute(sql`
        insert into users (uai, profile_id, firstname, lastname, login, link_token)
        select ${school!.uai}, ${school!.profile_id}, 'Prénom', 'Nom' || n, 'compte.' || n || '.banc', md5(n::text)
        from generate_series(1, ${ACCOUNTS}) n`);
      await db.execute(sql`
        insert into deleted_users (user_id, uai, login, firstname, lastname, profile_id, snapshot)
        select 10000000 + n, ${school!.uai}, 'Parti.' || n || '.Banc', 'Prénom', 'Nom', ${school!.profile_id}, '{}'::jsonb
        from generate_series(1, ${BIN}) n`);
      await db.execute(sql`analyze users`);
      await db.execute(sql`analyze deleted_users`);
      const asked = Array.from({ length: ASKED }, (_unused, index) => {
        if (index % 10 === 0) return `compte.${index + 1}.banc`;
        if (index % 10 === 1) return `parti.${index + 1}.banc`;
        return `nouveau.${index + 1}.banc`;
      });
      const times: number[] = [];
      let found = 0;
      for (let round = 0; round < ROUNDS + 1; round++) {
        const started = performance.now();
        found = (await findTakenLogins(db, asked)).size;
        if (round > 0) times.push(performance.now() - started);
      }
      const median = percentile(times, 0.5);
      const expected = ASKED / 5;
      const passed = median <= TARGET_MS && found === expected;
      return {
        lines: [
          `${label}: ${ASKED.toLocaleString('en')} logins asked against ${(ACCOUNTS + 5_000).toLocaleString('en')} accounts and a bin of ${BIN.toLocaleString('en')}: ${formatMs(median)} (median of ${ROUNDS}; ${found} found taken of ${expected}; target ≤ ${TARGET_MS} ms)${passed ? '' : ' — missed'}`,
        ],
        passed,
      };
    } finally {
      await handle.close();
    }
  });
}
