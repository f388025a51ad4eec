import { PROFILES } from '@console/contract';
import { sql } from 'drizzle-orm';
import { hashPassword } from '#platform/auth/passwords.js';
import { encryptSecret, randomToken } from '#platform/auth/secrets.js';
import type { Database, Executor, Transaction } from '../client.js';
import {
  devices,
  managerSchools,
  materialTypes,
  mdms,
  options,
  schoolContacts,
  schools,
  userApplications,
  userOptions,
  users,
} from '../schema/index.js';
import { DEMO_APPLICATIONS, DEMO_CITIES, DEMO_SCHOOLS, type DemoSchool } from './catalogue.js';
import { planDemoDevices } from './demo-devices.js';
import { DEMO_ACCOUNTS } from './demo-accounts.js';
import { planDemoUsers, type PlannedUser } from './demo-users.js';
import { seedDemoWorkflows } from './demo-workflows.js';
import { createRandom } from './random.js';
import { ensureCatalogue, ensureReferenceData, type ReferenceIds } from './reference.js';

/** Fixed so that every fresh demo database shows the same names, logins and passwords. */
const DEMO_SEED = 20260901;
/** Any constant: serialises instances that start together on one empty PostgreSQL. */
const SEED_LOCK_ID = 743_2026;
const INSERT_CHUNK = 200;

/** True when the database holds no school and no user: the only state the demo may fill. */
export async function isDatabaseEmpty(db: Executor): Promise<boolean> {
  const result = await db.execute<{ empty: boolean }>(
    sql`select not exists (select 1 from ${schools}) and not exists (select 1 from ${users}) as empty`,
  );
  return Boolean(result.rows[0]?.empty);
}

function minutesBefore(now: Date, minutes: number | null): Date | null {
  return minutes === null ? null : new Date(now.getTime() - minutes * 60_000);
}

function chunks<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));
}

/**
 * A demo school's stored deployment: its MDM and material type by the ids the migration gave
 * their labels, its secrets sealed as the school settings store them (never in clear).
 */
function deploymentOf(
  key: Buffer,
  school: DemoSchool,
  ids: { mdms: Map<string, number>; materials: Map<string, number> },
): Record<string, unknown> {
  const settings = school.deploymentSettings;
  if (!settings) return school.deployment;
  const { mdm, materialType, ...secrets } = settings;
  return {
    ...school.deployment,
    mdm: ids.mdms.get(mdm) ?? null,
    materialType: ids.materials.get(materialType) ?? null,
    ...Object.fromEntries(Object.entries(secrets).map(([name, clear]) => [name, encryptSecret(key, clear)])),
  };
}

async function insertSchools(tx: Transaction, key: Buffer, references: ReferenceIds): Promise<Map<string, number>> {
  const [mdmRows, materialRows] = [await tx.select().from(mdms), await tx.select().from(materialTypes)];
  const deploymentIds = {
    mdms: new Map(mdmRows.map((row) => [row.label, row.id])),
    materials: new Map(materialRows.map((row) => [row.label, row.id])),
  };
  await tx.insert(schools).values(
    DEMO_SCHOOLS.map((school) => ({
      uai: school.uai,
      name: school.name,
      cityId: references.cityIds.get(school.city) ?? null,
      town: school.city,
      extension: school.extension,
      address: school.address,
      postalCode: DEMO_CITIES.find((city) => city.name === school.city)?.postalCode ?? null,
      sector: school.sector,
      typeId: references.typeIds.get(school.type) ?? null,
      countryId: references.countryIds.get(school.country) ?? null,
      latitude: school.latitude,
      longitude: school.longitude,
      phone: school.phone,
      website: school.website,
      adminDuration: school.adminDuration,
      connectRndPwd: school.connectRndPwd,
      deployment: deploymentOf(key, school, deploymentIds),
    })),
  );
  await tx
    .insert(schoolContacts)
    .values(
      DEMO_SCHOOLS.flatMap((school) => school.contacts.map((contact, position) => ({ uai: school.uai, position, ...contact }))),
    );
  const optionRows = await tx
    .insert(options)
    .values(DEMO_SCHOOLS.flatMap((school) => school.options.map((name) => ({ uai: school.uai, name }))))
    .returning({ id: options.id, uai: options.uai, name: options.name });
  return new Map(optionRows.map((row) => [`${row.uai}/${row.name}`, row.id]));
}

type PasswordColumns = { passwordHash: string | null; passwordEncrypted: string | null };

/** Pupils' and teachers' passwords are printed, so encrypted; staff passwords are only ever checked, so hashed. */
async function storePasswords(key: Buffer, planned: PlannedUser[]): Promise<PasswordColumns[]> {
  return Promise.all(
    planned.map(async (user) =>
      user.profile === 'Eleve' || user.profile === 'Enseignant'
        ? { passwordHash: null, passwordEncrypted: encryptSecret(key, user.password) }
        : { passwordHash: await hashPassword(user.password), passwordEncrypted: null },
    ),
  );
}

async function insertUsers(
  tx: Transaction,
  key: Buffer,
  planned: PlannedUser[],
  passwords: PasswordColumns[],
  ids: { options: Map<string, number>; applications: Map<string, number> },
): Promise<void> {
  const now = new Date();
  const userIds = new Map<string, number>();
  const rows = planned.map((user, index) => ({
    uai: user.uai,
    profileId: PROFILES[user.profile],
    firstname: user.firstname,
    lastname: user.lastname,
    login: user.login,
    ...(passwords[index] as PasswordColumns),
    level: user.level,
    className: user.className,
    subject: user.subject,
    email: user.email,
    tabletNumber: user.tabletNumber,
    comment: user.comment,
    adminMode: user.adminMode,
    disabled: user.disabledMinutesAgo !== null,
    disabledAt: minutesBefore(now, user.disabledMinutesAgo),
    lastLoginAt: minutesBefore(now, user.lastLoginMinutesAgo),
    importNumber: user.importNumber,
    linkToken: randomToken(),
    createdAt: minutesBefore(now, user.createdMinutesAgo) as Date,
    createdBy: user.createdBy,
  }));
  for (const chunk of chunks(rows, INSERT_CHUNK)) {
    const inserted = await tx.insert(users).values(chunk).returning({ id: users.id, login: users.login });
    for (const row of inserted) userIds.set(row.login, row.id);
  }
  const idOf = (user: PlannedUser): number => userIds.get(user.login) as number;
  const optionRows = planned.flatMap((user) =>
    user.options.map((name, index) => ({
      userId: idOf(user),
      optionId: ids.options.get(`${user.uai}/${name}`) as number,
      ordre: index + 1,
    })),
  );
  // The publishers' last word on the enabled accesses of the applications that report one (the
  // user page's token validity): 'OK', checked six hours ago. The token error report stays empty.
  const reportsTokens = new Set(
    DEMO_APPLICATIONS.filter((application) => application.showTokenStatus).map((application) => application.name),
  );
  const checkedAt = new Date(Date.now() - 6 * 3_600_000);
  const tokenOf = (name: string, status: number) => {
    if (!reportsTokens.has(name) || status !== 1) return { validToken: null, tokenCheckedAt: null };
    return { validToken: 'OK', tokenCheckedAt: checkedAt };
  };
  const applicationRows = planned.flatMap((user) =>
    user.applications.map((access) => ({
      userId: idOf(user),
      applicationId: ids.applications.get(access.name) as number,
      status: access.status,
      login: user.login,
      passwordEncrypted: encryptSecret(key, access.password),
      keys: access.keys,
      ...tokenOf(access.name, access.status),
    })),
  );
  const managerRows = planned.flatMap((user) => user.managedSchools.map((uai) => ({ userId: idOf(user), uai })));
  for (const chunk of chunks(optionRows, 1000)) await tx.insert(userOptions).values(chunk);
  for (const chunk of chunks(applicationRows, 1000)) await tx.insert(userApplications).values(chunk);
  if (managerRows.length > 0) await tx.insert(managerSchools).values(managerRows);
  // A generator of its own, so that adding devices changed none of the other demo values.
  const deviceRows = planDemoDevices(
    createRandom(DEMO_SEED + 1),
    planned,
    DEMO_ACCOUNTS.map((account) => account.login),
  ).map((device) => ({
    userId: userIds.get(device.login) as number,
    model: device.model,
    operatingSystem: device.operatingSystem,
    availableSpace: device.availableSpace,
    applicationVersion: device.applicationVersion,
    token: device.token,
    provider: 'fcm',
    modifiedAt: minutesBefore(now, device.modifiedMinutesAgo) as Date,
  }));
  for (const chunk of chunks(deviceRows, 1000)) await tx.insert(devices).values(chunk);
}

/**
 * Fills an empty database with the demo: reference data, five schools, the catalogue and about
 * 300 users including the DEMO_ACCOUNTS, in one transaction (all or nothing). Does nothing, and
 * answers `seeded: false`, when any school or user exists. Profiles must already be seeded.
 */
export async function seedDemoData(db: Database, encryptionKey: Buffer): Promise<{ seeded: boolean }> {
  if (!(await isDatabaseEmpty(db))) return { seeded: false };
  const planned = planDemoUsers(createRandom(DEMO_SEED));
  // Hashing before the transaction keeps the argon2 work out of the lock's hold time.
  const passwords = await storePasswords(encryptionKey, planned);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    if (!(await isDatabaseEmpty(tx))) return { seeded: false };
    const references = await ensureReferenceData(tx, DEMO_CITIES);
    const optionIds = await insertSchools(tx, encryptionKey, references);
    const applicationIds = await ensureCatalogue(tx);
    await insertUsers(tx, encryptionKey, planned, passwords, { options: optionIds, applications: applicationIds });
    await seedDemoWorkflows(tx);
    return { seeded: true };
  });
}
