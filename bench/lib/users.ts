import { PROFILES } from '@console/contract';
import { encryptSecret } from '../../apps/server/src/platform/auth/secrets.js';
import { generatePrintablePassword, type LoginAllocator } from '../../apps/server/src/platform/db/seed/credentials.js';
import {
  FIRST_NAMES,
  LAST_NAMES,
  PUPIL_COMMENTS,
  STAFF_COMMENTS,
  SUBJECTS,
} from '../../apps/server/src/platform/db/seed/names.js';
import type { Random } from '../../apps/server/src/platform/db/seed/random.js';
import type { CopyValue } from './copy-text.js';
import type { BenchSchool } from './schools.js';

const DAY = 24 * 3600 * 1000;
const PUPILS_PER_CLASS = 28;
const CLASS_LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
const CLASS_PREFIXES: Record<string, string> = { '2nde': '2', '1re': '1', Tle: 'T' };

export type BenchApplication = { id: number; name: string; requiresCode: boolean; differentPassword: boolean };

/** A school as the generator needs it: its option ids and the applications it subscribed to. */
export type PlannedSchool = BenchSchool & { optionIds: number[]; applications: BenchApplication[] };

export type UserGeneratorContext = {
  random: Random;
  logins: LoginAllocator;
  encryptionKey: Buffer;
  /** One argon2id hash shared by every staff account: hashing 20,000 would take minutes. */
  staffPasswordHash: string;
  staffPassword: string;
  now: number;
  nextUserId: () => number;
  linkToken: () => string;
  /** The first account of each profile id with its clear password, for sign-in benchmarks. */
  samples: Map<number, { login: string; password: string }>;
};

export const USER_COLUMNS = [
  'id',
  'uai',
  'profile_id',
  'firstname',
  'lastname',
  'login',
  'password_hash',
  'password_encrypted',
  'level',
  'class_name',
  'subject',
  'email',
  'tablet_number',
  'comment',
  'admin_mode',
  'disabled',
  'disabled_at',
  'last_login_at',
  'import_number',
  'link_token',
  'created_at',
  'created_by',
] as const;
export const USER_OPTION_COLUMNS = ['user_id', 'option_id', 'ordre'] as const;
export const USER_APPLICATION_COLUMNS = ['user_id', 'application_id', 'status', 'login', 'password_encrypted', 'keys'] as const;
export const MANAGER_SCHOOL_COLUMNS = ['user_id', 'uai'] as const;

/** Rows in the column order above, ready for COPY. */
export type GeneratedRows = {
  users: CopyValue[][];
  userOptions: CopyValue[][];
  userApplications: CopyValue[][];
  managerSchools: CopyValue[][];
};

export function emptyRows(): GeneratedRows {
  return { users: [], userOptions: [], userApplications: [], managerSchools: [] };
}

type Person = { id: number; login: string; firstname: string; lastname: string };

/** `samplePassword` null: never a sample (a disabled account cannot sign in). */
function newPerson(context: UserGeneratorContext, profileId: number, samplePassword: string | null): Person {
  const firstname = context.random.pick(FIRST_NAMES);
  const lastname = context.random.pick(LAST_NAMES);
  const login = context.logins.allocate(firstname, lastname);
  if (samplePassword !== null && !context.samples.has(profileId))
    context.samples.set(profileId, { login, password: samplePassword });
  return { id: context.nextUserId(), login, firstname, lastname };
}

function daysAgo(context: UserGeneratorContext, minimum: number, maximum: number): Date {
  return new Date(context.now - (minimum + context.random.next() * (maximum - minimum)) * DAY);
}

function licenceKey(random: Random): string {
  return `BEN-${random.integer(0, 0xffff).toString(16).toUpperCase().padStart(4, '0')}-${random.integer(0, 0xffff).toString(16).toUpperCase().padStart(4, '0')}`;
}

function addApplications(
  context: UserGeneratorContext,
  rows: GeneratedRows,
  person: Person,
  password: string,
  chosen: BenchApplication[],
): void {
  for (const application of chosen) {
    const platformPassword = application.differentPassword ? generatePrintablePassword(context.random) : password;
    rows.userApplications.push([
      person.id,
      application.id,
      context.random.chance(0.9) ? 1 : 0,
      person.login,
      encryptSecret(context.encryptionKey, platformPassword),
      application.requiresCode ? licenceKey(context.random) : null,
    ]);
  }
}

function userRow(
  context: UserGeneratorContext,
  person: Person,
  fields: Partial<Record<(typeof USER_COLUMNS)[number], CopyValue>>,
): CopyValue[] {
  const values: Record<string, CopyValue> = {
    id: person.id,
    firstname: person.firstname,
    lastname: person.lastname,
    login: person.login,
    admin_mode: 0,
    disabled: false,
    link_token: context.linkToken(),
    created_at: daysAgo(context, 30, 400),
    created_by: 'Import',
    ...fields,
  };
  return USER_COLUMNS.map((column) => values[column] ?? null);
}

function classesFor(level: string, pupilsInLevel: number): string[] {
  const base = level.split(' ')[0] ?? level;
  const prefix = CLASS_PREFIXES[base] ?? base.replace(/e$/, '');
  const count = Math.max(1, Math.ceil(pupilsInLevel / PUPILS_PER_CLASS));
  return Array.from({ length: count }, (_, index) => prefix + (CLASS_LETTERS[index] ?? String(index + 1)));
}

function addPupils(context: UserGeneratorContext, rows: GeneratedRows, school: PlannedSchool, count: number): void {
  const { random } = context;
  const perLevel = Math.ceil(count / Math.max(1, school.levels.length));
  const classesByLevel = new Map(school.levels.map((level) => [level, classesFor(level, perLevel)]));
  for (let index = 0; index < count; index++) {
    const password = generatePrintablePassword(random);
    const disabled = random.chance(0.04);
    const person = newPerson(context, PROFILES.Eleve, disabled ? null : password);
    const level = school.levels[Math.floor(index / perLevel)] ?? null;
    const secondImport = random.chance(0.15);
    rows.users.push(
      userRow(context, person, {
        uai: school.uai,
        profile_id: PROFILES.Eleve,
        password_encrypted: encryptSecret(context.encryptionKey, password),
        level,
        class_name: level ? random.pick(classesByLevel.get(level) ?? [level]) : null,
        tablet_number: random.chance(0.4) ? `TAB-${String(random.integer(1, 99999)).padStart(5, '0')}` : null,
        comment: random.chance(0.03) ? random.pick(PUPIL_COMMENTS) : null,
        admin_mode: random.chance(0.35) ? 1 : 0,
        disabled,
        disabled_at: disabled ? daysAgo(context, 1, 90) : null,
        last_login_at: random.chance(0.6) ? daysAgo(context, 0, 60) : null,
        import_number: secondImport ? 2 : 1,
      }),
    );
    if (random.chance(0.35)) {
      random
        .sample(school.optionIds, random.integer(1, 3))
        .forEach((optionId, position) => rows.userOptions.push([person.id, optionId, position + 1]));
    }
    if (random.chance(0.5))
      addApplications(context, rows, person, password, random.sample(school.applications, random.integer(1, 3)));
  }
}

function addTeachers(context: UserGeneratorContext, rows: GeneratedRows, school: PlannedSchool, count: number): void {
  const { random } = context;
  for (let index = 0; index < count; index++) {
    const password = generatePrintablePassword(random);
    const disabled = random.chance(0.03);
    const person = newPerson(context, PROFILES.Enseignant, disabled ? null : password);
    rows.users.push(
      userRow(context, person, {
        uai: school.uai,
        profile_id: PROFILES.Enseignant,
        password_encrypted: encryptSecret(context.encryptionKey, password),
        subject: random.pick(SUBJECTS),
        email: random.chance(0.6) ? `${person.login}@${school.extension}.example.org` : null,
        comment: random.chance(0.05) ? random.pick(STAFF_COMMENTS) : null,
        admin_mode: random.chance(0.5) ? 1 : 0,
        disabled,
        disabled_at: disabled ? daysAgo(context, 1, 90) : null,
        last_login_at: random.chance(0.75) ? daysAgo(context, 0, 30) : null,
        import_number: 1,
      }),
    );
    addApplications(context, rows, person, password, random.sample(school.applications, random.integer(2, 4)));
  }
}

function addStaff(
  context: UserGeneratorContext,
  rows: GeneratedRows,
  profileId: number,
  uai: string | null,
  domain: string,
): Person {
  const person = newPerson(context, profileId, context.staffPassword);
  rows.users.push(
    userRow(context, person, {
      uai,
      profile_id: profileId,
      password_hash: context.staffPasswordHash,
      email: `${person.login}@${domain}.example.org`,
      admin_mode: 1,
      last_login_at: context.random.chance(0.9) ? daysAgo(context, 0, 20) : null,
      created_by: 'Bench',
    }),
  );
  return person;
}

/** One school's pupils, teachers and school administrators, with their options and applications. */
export function generateSchoolUsers(
  context: UserGeneratorContext,
  rows: GeneratedRows,
  school: PlannedSchool,
  counts: { pupils: number; teachers: number; schoolAdministrators: number },
): void {
  for (let index = 0; index < counts.schoolAdministrators; index++)
    addStaff(context, rows, PROFILES['Administrateur établissement'], school.uai, school.extension);
  addTeachers(context, rows, school, counts.teachers);
  addPupils(context, rows, school, counts.pupils);
}

/** Managers (each assigned 2 to 5 of the schools) and administrators (no school). */
export function generateCentralStaff(
  context: UserGeneratorContext,
  rows: GeneratedRows,
  schools: readonly BenchSchool[],
  counts: { managers: number; administrators: number },
): void {
  for (let index = 0; index < counts.managers; index++) {
    const managed = context.random.sample(schools, context.random.integer(2, 5));
    const manager = addStaff(context, rows, PROFILES.Gestionnaire, managed[0]?.uai ?? null, 'gestion');
    for (const school of managed) rows.managerSchools.push([manager.id, school.uai]);
  }
  for (let index = 0; index < counts.administrators; index++) addStaff(context, rows, PROFILES.Administrateur, null, 'console');
}
