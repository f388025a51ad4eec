// The import bench's second baseline: the floor under a confirmation. Papaparse parses the same
// bytes, then the same rows go by COPY into the product's own tables, with their keys, indexes and
// foreign keys, in one transaction: the users (one row a line), their options (user_options) and
// their enabled accesses (user_applications). No rule runs: no validation, no login rule, no
// encryption, no plan, no audit. What the confirmation costs beyond it is the product's own work.
import { randomUUID } from 'node:crypto';
import type { BulkTarget } from '../lib/bulk-target.js';
import type { CopyValue } from '../lib/copy-text.js';
import { cellOrNull as cell, parseFileLines } from './import-baseline.js';
import { IMPORT_FILE_LAYOUT } from './import-file.js';

/** The school the rows go to, and a tag that keeps this run's logins apart from every other run's. */
export type TablesBaselineRun = { uai: string; tag: string };

const USER_COLUMNS = [
  'id',
  'uai',
  'profile_id',
  'lastname',
  'firstname',
  'level',
  'class_name',
  'email',
  'comment',
  'subject',
  'tablet_number',
  'admin_mode',
  'login',
  'link_token',
] as const;
const { userFields: USER_FIELDS, options: OPTION_COLUMNS, perApplication: APPLICATION_WIDTH } = IMPORT_FILE_LAYOUT;

/**
 * Parses `bytes` (a file of import-file.ts's layout) and stores its rows in the product's tables
 * in one transaction, in `run`'s school (new: its options are created); answers the milliseconds
 * taken. The count check and the removal of the rows after it are not counted.
 */
export async function runTablesBaseline(
  target: BulkTarget,
  bytes: Buffer,
  headers: readonly string[],
  run: TablesBaselineRun,
): Promise<number> {
  const profiles = new Map(
    (await target.query<{ id: number; name: string }>('select id, name from profiles')).map((row) => [row.name, row.id]),
  );
  const applicationIds = new Map(
    (await target.query<{ id: number; name: string }>('select id, name from applications')).map((row) => [row.name, row.id]),
  );
  const applications = headers
    .slice(USER_FIELDS + OPTION_COLUMNS)
    .filter((_header, index) => index % APPLICATION_WIDTH === 0)
    .map((name) => applicationIds.get(name)!);

  const started = performance.now();
  const lines = parseFileLines(bytes);
  await target.query('begin');
  try {
    const optionNames = [
      ...new Set(lines.flatMap((line) => line.slice(USER_FIELDS, USER_FIELDS + OPTION_COLUMNS).filter(Boolean))),
    ];
    const optionIds = new Map(
      (
        await target.query<{ id: number; name: string }>(
          'insert into options (uai, name) select $1, unnest($2::text[]) returning id, name',
          [run.uai, optionNames],
        )
      ).map((row) => [row.name, row.id]),
    );
    const ids = (
      await target.query<{ id: number }>(`select nextval('users_id_seq')::int as id from generate_series(1, $1::int)`, [
        lines.length,
      ])
    ).map((row) => row.id);

    const users: CopyValue[][] = [];
    const options: CopyValue[][] = [];
    const accesses: CopyValue[][] = [];
    lines.forEach((line, index) => {
      const id = ids[index]!;
      const [profile, lastname, firstname, level, className, email, comment, subject, tablet, adminMode] = line;
      users.push([
        id,
        run.uai,
        profiles.get(profile!)!,
        lastname!,
        firstname!,
        cell(level),
        cell(className),
        cell(email),
        cell(comment),
        cell(subject),
        cell(tablet),
        adminMode === '1' ? 1 : 0,
        `bare.${run.tag}.${index}`,
        randomUUID(),
      ]);
      line.slice(USER_FIELDS, USER_FIELDS + OPTION_COLUMNS).forEach((name, rank) => {
        if (name) options.push([id, optionIds.get(name)!, rank + 1]);
      });
      applications.forEach((applicationId, rank) => {
        const start = USER_FIELDS + OPTION_COLUMNS + rank * APPLICATION_WIDTH;
        if (line[start] !== '1') return;
        accesses.push([id, applicationId, 1, cell(line[start + 1]), cell(line[start + 2]), cell(line[start + 3])]);
      });
    });
    await target.copy('users', USER_COLUMNS, users);
    await target.copy('user_options', ['user_id', 'option_id', 'ordre'], options);
    await target.copy(
      'user_applications',
      ['user_id', 'application_id', 'status', 'login', 'password_encrypted', 'keys'],
      accesses,
    );
    await target.query('commit');
  } catch (error) {
    await target.query('rollback');
    throw error;
  }
  const elapsed = performance.now() - started;
  const [stored] = await target.query<{ count: number }>(
    'select count(*)::int as count from users where uai = $1 and login like $2',
    [run.uai, `bare.${run.tag}.%`],
  );
  if (stored?.count !== lines.length) throw new Error(`the tables baseline stored ${stored?.count} users of ${lines.length}`);
  // Removed again (their options and accesses go with them), so that the rounds after find the users table as big as before.
  await target.query('delete from users where uai = $1', [run.uai]);
  return elapsed;
}
