import { PROFILES } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { decryptSecret } from '../../apps/server/src/platform/auth/secrets.js';
import { createLoginAllocator } from '../../apps/server/src/platform/db/seed/credentials.js';
import { createRandom } from '../../apps/server/src/platform/db/seed/random.js';
import { splitProfiles, spreadByWeight } from './distribution.js';
import { generateBenchSchools } from './schools.js';
import {
  emptyRows,
  generateCentralStaff,
  generateSchoolUsers,
  USER_COLUMNS,
  type PlannedSchool,
  type UserGeneratorContext,
} from './users.js';

const key = Buffer.alloc(32, 3);
const column = (name: (typeof USER_COLUMNS)[number]): number => USER_COLUMNS.indexOf(name);

function generate(totalUsers: number, schoolCount: number) {
  const random = createRandom(5);
  let nextId = 100;
  let token = 0;
  const context: UserGeneratorContext = {
    random,
    logins: createLoginAllocator(),
    encryptionKey: key,
    staffPasswordHash: '$argon2id$fake',
    staffPassword: 'Bench#2026',
    now: Date.parse('2026-03-01T00:00:00Z'),
    nextUserId: () => ++nextId,
    linkToken: () => `token-${++token}`,
    samples: new Map(),
  };
  const schools: PlannedSchool[] = generateBenchSchools(schoolCount, random).map((school, index) => ({
    ...school,
    optionIds: [index * 10 + 1, index * 10 + 2, index * 10 + 3],
    applications: [
      { id: 1, name: 'Edulib', requiresCode: false, differentPassword: false },
      { id: 3, name: 'Educadhoc', requiresCode: true, differentPassword: false },
      { id: 4, name: 'Quizeo', requiresCode: false, differentPassword: true },
    ],
  }));
  const counts = splitProfiles(totalUsers);
  const pupils = spreadByWeight(
    counts.pupils,
    schools.map((school) => school.weight),
  );
  const teachers = spreadByWeight(
    counts.teachers,
    schools.map((school) => school.weight),
  );
  const directions = spreadByWeight(
    counts.schoolAdministrators,
    schools.map(() => 1),
  );
  const rows = emptyRows();
  schools.forEach((school, index) =>
    generateSchoolUsers(context, rows, school, {
      pupils: pupils[index] ?? 0,
      teachers: teachers[index] ?? 0,
      schoolAdministrators: directions[index] ?? 0,
    }),
  );
  generateCentralStaff(context, rows, schools, counts);
  return { rows, context, counts };
}

describe('generated benchmark users', () => {
  const { rows, context } = generate(20_000, 50);

  it('makes exactly the users asked for, in the intended profile mix', () => {
    expect(rows.users).toHaveLength(20_000);
    const byProfile = new Map<number, number>();
    for (const row of rows.users)
      byProfile.set(row[column('profile_id')] as number, (byProfile.get(row[column('profile_id')] as number) ?? 0) + 1);
    expect(byProfile.get(PROFILES.Eleve)).toBe(18_000);
    expect(byProfile.get(PROFILES.Enseignant)).toBe(1_600);
    expect(byProfile.size).toBe(5);
  });

  it('keeps ids, logins (case-insensitive) and link tokens unique', () => {
    for (const name of ['id', 'link_token'] as const)
      expect(new Set(rows.users.map((row) => row[column(name)])).size).toBe(20_000);
    expect(new Set(rows.users.map((row) => String(row[column('login')]).toLowerCase())).size).toBe(20_000);
  });

  it('encrypts printable passwords and shares one hash among staff', () => {
    for (const row of rows.users) {
      const printable = row[column('profile_id')] === PROFILES.Eleve || row[column('profile_id')] === PROFILES.Enseignant;
      if (printable) expect(decryptSecret(key, row[column('password_encrypted')] as string)).toMatch(/^[a-z]{4}\d{4}$/);
      else expect(row[column('password_hash')]).toBe('$argon2id$fake');
    }
  });

  it('links options, applications and managed schools to generated users only', () => {
    const ids = new Set(rows.users.map((row) => row[column('id')]));
    for (const row of [...rows.userOptions, ...rows.userApplications, ...rows.managerSchools]) expect(ids.has(row[0])).toBe(true);
    expect(rows.userOptions.length).toBeGreaterThan(3000);
    expect(rows.userApplications.length).toBeGreaterThan(10_000);
    const pairs = rows.userOptions.map((row) => `${row[0]}/${row[1]}`);
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  it('marks some users disabled with a date, and gives most a last sign-in', () => {
    const disabled = rows.users.filter((row) => row[column('disabled')] === true);
    expect(disabled.length).toBeGreaterThan(0);
    for (const row of disabled) expect(row[column('disabled_at')]).toBeInstanceOf(Date);
    const signedIn = rows.users.filter((row) => row[column('last_login_at')] !== null).length / rows.users.length;
    expect(signedIn).toBeGreaterThan(0.5);
    expect(signedIn).toBeLessThan(0.7);
  });

  it('records one enabled sample account per profile', () => {
    expect(context.samples.size).toBe(5);
  });
});
