import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { profileNameOf } from '@console/contract';
import { hashPassword } from '../apps/server/src/platform/auth/passwords.js';
import { resolveEnv } from '../apps/server/src/platform/config/env.js';
import { openDatabase, runMigrations, type DatabaseHandle } from '../apps/server/src/platform/db/client.js';
import { DEMO_APPLICATIONS, requiresCode } from '../apps/server/src/platform/db/seed/catalogue.js';
import { createLoginAllocator, type LoginAllocator } from '../apps/server/src/platform/db/seed/credentials.js';
import { isDatabaseEmpty } from '../apps/server/src/platform/db/seed/demo.js';
import { seedProfiles } from '../apps/server/src/platform/db/seed/profiles.js';
import { seedSettings } from '../apps/server/src/platform/db/seed/settings.js';
import { seedWorkflowSteps } from '../apps/server/src/platform/db/seed/workflows.js';
import { createRandom, type Random } from '../apps/server/src/platform/db/seed/random.js';
import { ensureCatalogue, ensureReferenceData } from '../apps/server/src/platform/db/seed/reference.js';
import { parseSeedLargeArguments, SEED_LARGE_USAGE, type SeedLargeOptions } from './lib/arguments.js';
import { openPostgresTarget, usePgliteTarget, type BulkTarget } from './lib/bulk-target.js';
import type { CopyValue } from './lib/copy-text.js';
import { splitProfiles, spreadByWeight } from './lib/distribution.js';
import { generateBenchSchools, type BenchSchool } from './lib/schools.js';
import { TOWNS } from './lib/towns.js';
import {
  emptyRows,
  generateCentralStaff,
  generateSchoolUsers,
  MANAGER_SCHOOL_COLUMNS,
  USER_APPLICATION_COLUMNS,
  USER_COLUMNS,
  USER_OPTION_COLUMNS,
  type BenchApplication,
  type GeneratedRows,
  type PlannedSchool,
  type UserGeneratorContext,
} from './lib/users.js';

/** Every staff account shares it (and one hash of it), so that benchmarks can sign staff in. */
const STAFF_PASSWORD = 'Bench#2026';
/** Users per COPY round: large enough for COPY to pay off, small enough to keep memory flat. */
const USERS_PER_BATCH = 50_000;

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const startedAt = performance.now();

function elapsed(): string {
  return `${((performance.now() - startedAt) / 1000).toFixed(1)} s`;
}

function log(message: string): void {
  console.log(`[${elapsed().padStart(8)}] ${message}`);
}

/** The same DATA_DIR rules as `npm start` from the root, so that the server finds the same key and database. */
function resolveConfiguration(options: SeedLargeOptions): ReturnType<typeof resolveEnv> {
  const source = { ...process.env };
  const workingFolder = source.INIT_CWD ?? process.cwd();
  const chosen = options.dataDirectory ?? source.DATA_DIR;
  source.DATA_DIR = chosen ? path.resolve(workingFolder, chosen) : path.join(repositoryRoot, 'data');
  return resolveEnv(source);
}

/** Link tokens: 128 random bits each, cut from large random buffers (one `randomBytes` call per 65,536). */
function createLinkTokenSource(): () => string {
  const tokenBytes = 16;
  let pool = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset + tokenBytes > pool.length) {
      pool = randomBytes(tokenBytes * 65_536);
      offset = 0;
    }
    offset += tokenBytes;
    return pool.toString('hex', offset - tokenBytes, offset);
  };
}

async function reserveExistingLogins(target: BulkTarget, logins: LoginAllocator): Promise<void> {
  const rows = await target.query<{ login: string }>('select login from users');
  for (const row of rows) logins.reserve(row.login);
}

async function maximumId(target: BulkTarget, table: 'users' | 'options'): Promise<number> {
  const [row] = await target.query<{ maximum: number | null }>(`select max(id)::int as maximum from ${table}`);
  return row?.maximum ?? 0;
}

function planSchools(
  schools: BenchSchool[],
  random: Random,
  firstOptionId: number,
  applications: BenchApplication[],
): { planned: PlannedSchool[]; optionRows: CopyValue[][] } {
  let nextOptionId = firstOptionId;
  const optionRows: CopyValue[][] = [];
  const planned = schools.map((school) => {
    const optionIds = school.options.map((name) => {
      optionRows.push([nextOptionId, school.uai, name]);
      return nextOptionId++;
    });
    return { ...school, optionIds, applications: random.sample(applications, random.integer(3, 5)) };
  });
  return { planned, optionRows };
}

function schoolRow(
  school: BenchSchool,
  cityIds: Map<string, number>,
  typeIds: Map<string, number>,
  franceId: number | undefined,
): CopyValue[] {
  return [
    school.uai,
    school.name,
    cityIds.get(school.town.name) ?? null,
    school.town.name,
    school.extension,
    school.address,
    school.town.postalCode,
    school.sector,
    typeIds.get(school.type) ?? null,
    franceId ?? null,
    school.latitude,
    school.longitude,
    school.adminDuration,
    school.deployment,
  ];
}

const SCHOOL_COLUMNS = [
  'uai',
  'name',
  'city_id',
  'town',
  'extension',
  'address',
  'postal_code',
  'sector',
  'type_id',
  'country_id',
  'latitude',
  'longitude',
  'admin_duration',
  'deployment',
] as const;

async function flush(target: BulkTarget, rows: GeneratedRows, totals: Record<keyof GeneratedRows, number>): Promise<void> {
  await target.copy('users', USER_COLUMNS, rows.users);
  await target.copy('user_options', USER_OPTION_COLUMNS, rows.userOptions);
  await target.copy('user_applications', USER_APPLICATION_COLUMNS, rows.userApplications);
  await target.copy('manager_schools', MANAGER_SCHOOL_COLUMNS, rows.managerSchools);
  for (const key of Object.keys(totals) as (keyof GeneratedRows)[]) totals[key] += rows[key].length;
}

async function load(handle: DatabaseHandle, target: BulkTarget, options: SeedLargeOptions, encryptionKey: Buffer): Promise<void> {
  const random = createRandom(options.seed);
  const references = await ensureReferenceData(
    handle.db,
    TOWNS.map((town) => ({ name: town.name, postalCode: town.postalCode, country: 'France' })),
  );
  const applicationIds = await ensureCatalogue(handle.db);
  const applications: BenchApplication[] = DEMO_APPLICATIONS.map((application) => ({
    id: applicationIds.get(application.name) as number,
    name: application.name,
    requiresCode: requiresCode(application),
    differentPassword: application.connectDiffPassword,
  }));
  const staffPasswordHash = await hashPassword(STAFF_PASSWORD);

  await target.query('begin');
  // Ids are chosen here rather than by the sequences, so that COPY can write user_options and
  // user_applications right after their users; the lock keeps other writers off meanwhile.
  await target.query('lock table schools, options, users in exclusive mode');
  const existingUais = new Set((await target.query<{ uai: string }>('select uai from schools')).map((row) => row.uai));
  const logins = createLoginAllocator();
  if (options.append) await reserveExistingLogins(target, logins);
  let lastUserId = await maximumId(target, 'users');
  const { planned, optionRows } = planSchools(
    generateBenchSchools(options.schools, random, existingUais),
    random,
    (await maximumId(target, 'options')) + 1,
    applications,
  );
  const franceId = references.countryIds.get('France');
  await target.copy(
    'schools',
    SCHOOL_COLUMNS,
    planned.map((school) => schoolRow(school, references.cityIds, references.typeIds, franceId)),
  );
  await target.copy('options', ['id', 'uai', 'name'], optionRows);
  log(`${planned.length.toLocaleString('en')} schools and ${optionRows.length.toLocaleString('en')} options written`);

  const counts = splitProfiles(options.users);
  const weights = planned.map((school) => school.weight);
  const pupils = spreadByWeight(counts.pupils, weights);
  const teachers = spreadByWeight(counts.teachers, weights);
  const schoolAdministrators = spreadByWeight(
    counts.schoolAdministrators,
    planned.map(() => 1),
  );
  const context: UserGeneratorContext = {
    random,
    logins,
    encryptionKey,
    staffPasswordHash,
    staffPassword: STAFF_PASSWORD,
    now: Date.now(),
    nextUserId: () => ++lastUserId,
    linkToken: createLinkTokenSource(),
    samples: new Map(),
  };
  const totals = { users: 0, userOptions: 0, userApplications: 0, managerSchools: 0 };
  let rows = emptyRows();
  for (const [index, school] of planned.entries()) {
    generateSchoolUsers(context, rows, school, {
      pupils: pupils[index] ?? 0,
      teachers: teachers[index] ?? 0,
      schoolAdministrators: schoolAdministrators[index] ?? 0,
    });
    if (rows.users.length >= USERS_PER_BATCH) {
      await flush(target, rows, totals);
      rows = emptyRows();
      const share = Math.round((totals.users / Math.max(1, options.users)) * 100);
      log(
        `users ${totals.users.toLocaleString('en')} / ${options.users.toLocaleString('en')} (${share}%), schools ${index + 1} / ${planned.length}`,
      );
    }
  }
  generateCentralStaff(context, rows, planned, { managers: counts.managers, administrators: counts.administrators });
  await flush(target, rows, totals);
  if (lastUserId > 0) await target.query(`select setval(pg_get_serial_sequence('users', 'id'), $1)`, [lastUserId]);
  const lastOptionId = await maximumId(target, 'options');
  if (lastOptionId > 0) await target.query(`select setval(pg_get_serial_sequence('options', 'id'), $1)`, [lastOptionId]);
  log('committing');
  await target.query('commit');
  log(
    `written: ${totals.users.toLocaleString('en')} users, ${totals.userOptions.toLocaleString('en')} user options, ` +
      `${totals.userApplications.toLocaleString('en')} application accesses, ${totals.managerSchools.toLocaleString('en')} manager assignments`,
  );
  // VACUUM sets the visibility map, so that the statistics' index-only scans read no heap page.
  log('vacuuming and analysing the loaded tables');
  for (const table of ['schools', 'users', 'user_options', 'user_applications', 'manager_schools'])
    await target.query(`vacuum analyze ${table}`);
  console.log('\nSample accounts (staff all share the password below):');
  for (const [profileId, sample] of context.samples)
    console.log(
      `  ${(profileNameOf(profileId) ?? profileId).toString().padEnd(30)} ${sample.login.padEnd(28)} ${sample.password}`,
    );
}

async function main(): Promise<void> {
  let options: SeedLargeOptions;
  try {
    options = parseSeedLargeArguments(process.argv.slice(2));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${SEED_LARGE_USAGE}`);
    process.exitCode = 2;
    return;
  }
  const env = resolveConfiguration(options);
  const where = env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${path.join(env.dataDir, 'db')}`;
  log(`seed:large: ${options.schools.toLocaleString('en')} schools, ${options.users.toLocaleString('en')} users into ${where}`);
  const handle = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, poolSize: 2 } : { dataDir: env.dataDir });
  let target: BulkTarget | undefined;
  try {
    await runMigrations(handle);
    await seedProfiles(handle.db);
    await seedSettings(handle.db);
    await seedWorkflowSteps(handle.db);
    if (!options.append && !(await isDatabaseEmpty(handle.db))) {
      throw new Error('the database already holds schools or users; pass --append to add to them');
    }
    target = env.DATABASE_URL
      ? await openPostgresTarget(env.DATABASE_URL)
      : usePgliteTarget(handle.pglite as NonNullable<DatabaseHandle['pglite']>);
    await load(handle, target, options, env.encryptionKey);
    log('done');
  } catch (error) {
    await target?.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await target?.close();
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(`seed:large failed after ${elapsed()}: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
