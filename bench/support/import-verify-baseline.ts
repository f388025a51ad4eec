// The import bench's third baseline: the floor under a verification. What a verification must
// make of the same file whatever its rules, done bare: papaparse parses the bytes; each line's
// user password, and each password the file gives an enabled access, is sealed (one AES-256-GCM
// encryption each, as a plan is stored: its secrets never in clear at rest); the lines, as rows
// for the users and accesses tables, are serialised by V8 and deflated by chunks of 1,000 (the
// stored plan's form); every line is written as JSON for the preview the answer carries; the
// chunks are inserted in one transaction. No rule runs: no line check, no name or login rule, no
// lookup in the school, no worker thread. What the verification costs beyond it is the product's
// own work (its rules and checks, and the thread it runs on).
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { serialize } from 'node:v8';
import { deflate } from 'node:zlib';
import { PLAN_CHUNK_LINES } from '../../apps/server/src/features/imports/plan-packing.js';
import { encryptSecret } from '../../apps/server/src/platform/auth/secrets.js';
import type { BulkTarget } from '../lib/bulk-target.js';
import { cellOrNull as cell, parseFileLines } from './import-baseline.js';
import { IMPORT_FILE_LAYOUT } from './import-file.js';

const SCRATCH_TABLE = 'bench_verify_scratch';
const deflated = promisify(deflate);
const { userFields: USER_FIELDS, options: OPTION_COLUMNS, perApplication: APPLICATION_WIDTH } = IMPORT_FILE_LAYOUT;

export async function createVerifyScratchTable(target: BulkTarget): Promise<void> {
  await target.query(`drop table if exists ${SCRATCH_TABLE}`);
  await target.query(`create table ${SCRATCH_TABLE} (chunk integer primary key, packed text not null)`);
}

export async function dropVerifyScratchTable(target: BulkTarget): Promise<void> {
  await target.query(`drop table if exists ${SCRATCH_TABLE}`);
}

/**
 * Reads `bytes` (a file of import-file.ts's layout) and makes what a verification must make of it;
 * answers the milliseconds taken and the secrets it sealed (the emptying of the table before, and
 * the count check after, are not counted).
 */
export async function runVerifyBaseline(target: BulkTarget, bytes: Buffer): Promise<{ ms: number; sealed: number }> {
  await target.query(`truncate ${SCRATCH_TABLE}`);
  const key = randomBytes(32);
  const started = performance.now();
  const lines = parseFileLines(bytes);
  const chunks: Promise<Buffer>[] = [];
  const preview: Buffer[] = [];
  let rows: unknown[] = [];
  let shown: unknown[] = [];
  let sealed = 0;
  const seal = (clear: string) => {
    sealed += 1;
    return encryptSecret(key, clear);
  };
  const flush = () => {
    chunks.push(deflated(serialize(rows), { level: 1 }));
    preview.push(Buffer.from(JSON.stringify(shown)));
    rows = [];
    shown = [];
  };
  lines.forEach((line, index) => {
    const [profile, lastname, firstname, level, className, email, comment, subject, tablet, adminMode] = line;
    const login = `bare.${index}`;
    const password = `bcdf${index}`;
    const passwordEncrypted = seal(password);
    const options = line.slice(USER_FIELDS, USER_FIELDS + OPTION_COLUMNS).filter(Boolean);
    const accesses: { applicationId: number; etat: 1; login: string; passwordEncrypted: string; keys: string | null }[] = [];
    for (let start = USER_FIELDS + OPTION_COLUMNS, rank = 0; start < line.length; start += APPLICATION_WIDTH, rank++) {
      if (line[start] !== '1') continue;
      const given = line[start + 2];
      accesses.push({
        applicationId: rank + 1,
        etat: 1,
        login: cell(line[start + 1]) ?? login,
        // An access given no password of its own takes the user's, sealed once.
        passwordEncrypted: given ? seal(given) : passwordEncrypted,
        keys: cell(line[start + 3]),
      });
    }
    const fields = {
      profile,
      firstname,
      lastname,
      login,
      passwordEncrypted,
      level: cell(level),
      className: cell(className),
      subject: cell(subject),
      email: cell(email),
      comment: cell(comment),
      tabletNumber: cell(tablet),
      adminMode: adminMode === '1' ? 1 : 0,
    };
    rows.push({ kind: 'create', line: index + 2, fields, options, accesses });
    shown.push({
      line: index + 2,
      action: 'create',
      userId: null,
      informations: {
        profile,
        lastName: lastname,
        firstName: firstname,
        login,
        password,
        level: fields.level,
        class: fields.className,
        adminMode: fields.adminMode,
        subject: fields.subject,
        email: fields.email,
      },
      options: options.map((name) => ({ idOption: null, name })),
      applications: accesses.map((access) => ({
        idApplication: access.applicationId,
        etat: 1,
        login: access.login,
        code: access.keys,
      })),
    });
    if (rows.length === PLAN_CHUNK_LINES) flush();
  });
  if (rows.length > 0) flush();
  const packed = (await Promise.all(chunks)).map((chunk) => chunk.toString('base64'));
  await target.query('begin');
  try {
    for (const [chunk, text] of packed.entries())
      await target.query(`insert into ${SCRATCH_TABLE} (chunk, packed) values ($1, $2)`, [chunk, text]);
    await target.query('commit');
  } catch (error) {
    await target.query('rollback');
    throw error;
  }
  const ms = performance.now() - started;
  const [stored] = await target.query<{ count: number }>(`select count(*)::int as count from ${SCRATCH_TABLE}`);
  if (stored?.count !== packed.length)
    throw new Error(`the verification baseline stored ${stored?.count} chunks of ${packed.length}`);
  if (preview.length !== packed.length) throw new Error('the verification baseline lost part of its preview');
  return { ms, sealed };
}
