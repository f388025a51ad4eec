import type { ProfileName } from '@console/contract';
import { DEMO_APPLICATIONS, DEMO_SCHOOLS, requiresCode, type DemoSchool } from './catalogue.js';
import { createLoginAllocator, generatePrintablePassword, type LoginAllocator } from './credentials.js';
import { DEMO_ACCOUNTS, demoAccountOf } from './demo-accounts.js';
import { FIRST_NAMES, LAST_NAMES, PUPIL_COMMENTS, STAFF_COMMENTS, SUBJECTS } from './names.js';
import type { Random } from './random.js';

const MINUTES_PER_DAY = 24 * 60;

export type PlannedApplication = { name: string; status: 0 | 1; password: string; keys: string | null };

/** One demo user before it reaches the database: clear password, times as minutes before now. */
export type PlannedUser = {
  uai: string | null;
  profile: ProfileName;
  firstname: string;
  lastname: string;
  login: string;
  password: string;
  level: string | null;
  className: string | null;
  subject: string | null;
  email: string | null;
  tabletNumber: string | null;
  comment: string | null;
  adminMode: 0 | 1;
  disabledMinutesAgo: number | null;
  lastLoginMinutesAgo: number | null;
  importNumber: number | null;
  createdBy: string;
  createdMinutesAgo: number;
  options: string[];
  applications: PlannedApplication[];
  managedSchools: string[];
};

/** Applications each school subscribed to, by name; pupils get a share of them, teachers all. */
const SCHOOL_APPLICATIONS: Record<string, string[]> = {
  'clg-moulin': ['Lelivrescolaire.fr', 'Edulib', 'Educadhoc', 'Kwyk', 'Nathan'],
  'clg-verne': ['Lelivrescolaire.fr', 'Quizeo', 'Magnard', 'Bordas'],
  'lyc-montaigne': ['Edulib', 'Hachette Manuels', 'Le Robert', 'Educadhoc'],
  'gs-massignon': ['Lelivrescolaire.fr', 'Kwyk'],
};

const CLASS_PREFIXES: Record<string, string> = { '6e': '6', '5e': '5', '4e': '4', '3e': '3', '2nde': '2', '1re': '1', Tle: 'T' };

function classesOf(level: string, pupilsInLevel: number): string[] {
  const count = Math.max(1, Math.min(3, Math.ceil(pupilsInLevel / 12)));
  return Array.from({ length: count }, (_, index) => `${CLASS_PREFIXES[level] ?? level}${'ABC'[index]}`);
}

function staffEmail(login: string, school: DemoSchool | undefined): string {
  return school ? `${login}@${school.extension}.example.org` : `${login}@console.example.org`;
}

function licenceKey(random: Random, prefix: string): string {
  const alphabet = 'ABCDEFGHJKLMNPRSTUVWXYZ23456789';
  const block = (): string => Array.from({ length: 4 }, () => random.pick([...alphabet])).join('');
  return `${prefix}-${block()}-${block()}`;
}

function planApplication(random: Random, name: string, userPassword: string, status: 0 | 1): PlannedApplication {
  const application = DEMO_APPLICATIONS.find((candidate) => candidate.name === name);
  if (!application) throw new Error(`unknown demo application ${name}`);
  return {
    name,
    status,
    password: application.connectDiffPassword ? generatePrintablePassword(random) : userPassword,
    keys: requiresCode(application) ? licenceKey(random, name.slice(0, 3).toUpperCase()) : null,
  };
}

type Base = Pick<PlannedUser, 'uai' | 'profile' | 'firstname' | 'lastname' | 'login' | 'password' | 'createdBy'>;

function blankUser(base: Base, createdMinutesAgo: number): PlannedUser {
  return {
    ...base,
    level: null,
    className: null,
    subject: null,
    email: null,
    tabletNumber: null,
    comment: null,
    adminMode: 0,
    disabledMinutesAgo: null,
    lastLoginMinutesAgo: null,
    importNumber: null,
    createdMinutesAgo,
    options: [],
    applications: [],
    managedSchools: [],
  };
}

function randomName(random: Random): { firstname: string; lastname: string } {
  return { firstname: random.pick(FIRST_NAMES), lastname: random.pick(LAST_NAMES) };
}

function planStaff(random: Random, logins: LoginAllocator): PlannedUser[] {
  const [lyon, nantes, bordeaux, casablanca] = DEMO_SCHOOLS;
  if (!lyon || !nantes || !bordeaux || !casablanca) throw new Error('the demo needs its four populated schools');
  const staff: PlannedUser[] = [];
  const add = (
    profile: ProfileName,
    name: { firstname: string; lastname: string },
    school: DemoSchool | undefined,
    login?: string,
  ) => {
    const account = login ? DEMO_ACCOUNTS.find((candidate) => candidate.login === login) : undefined;
    const user = blankUser(
      {
        uai: school?.uai ?? null,
        profile,
        ...name,
        login: login ?? logins.allocate(name.firstname, name.lastname),
        password: account?.password ?? `Demo#${random.integer(1000, 9999)}x`,
        createdBy: 'Sophie Marchal',
      },
      random.integer(200, 400) * MINUTES_PER_DAY,
    );
    user.email = staffEmail(user.login, profile === 'Administrateur établissement' ? school : undefined);
    user.lastLoginMinutesAgo = random.integer(5, 20 * MINUTES_PER_DAY);
    user.adminMode = 1;
    staff.push(user);
    return user;
  };
  add(
    'Administrateur',
    { firstname: 'Sophie', lastname: 'Marchal' },
    undefined,
    demoAccountOf('Administrateur').login,
  ).createdBy = 'Installation';
  add('Administrateur', { firstname: 'Julien', lastname: 'Perrin' }, undefined);
  add('Administrateur', { firstname: 'Nadia', lastname: 'Benali' }, undefined).comment = STAFF_COMMENTS[0];
  add('Gestionnaire', { firstname: 'Thomas', lastname: 'Garnier' }, lyon, demoAccountOf('Gestionnaire').login).managedSchools = [
    lyon.uai,
    nantes.uai,
  ];
  add('Gestionnaire', { firstname: 'Olivier', lastname: 'Chevalier' }, bordeaux).managedSchools = [bordeaux.uai, casablanca.uai];
  add(
    'Administrateur établissement',
    { firstname: 'Isabelle', lastname: 'Fournier' },
    lyon,
    demoAccountOf('Administrateur établissement').login,
  );
  for (const school of [nantes, bordeaux, casablanca]) add('Administrateur établissement', randomName(random), school);
  return staff;
}

function directionNameOf(staff: PlannedUser[], uai: string): string {
  const direction = staff.find((user) => user.profile === 'Administrateur établissement' && user.uai === uai);
  return direction ? `${direction.firstname} ${direction.lastname}` : 'Sophie Marchal';
}

function planTeachers(
  random: Random,
  logins: LoginAllocator,
  school: DemoSchool,
  createdBy: string,
  isFirstSchool: boolean,
): PlannedUser[] {
  const subjects = random.sample(SUBJECTS, school.teachers);
  return Array.from({ length: school.teachers }, (_, index) => {
    const demo = isFirstSchool && index === 0 ? demoAccountOf('Enseignant') : undefined;
    const name = demo ? { firstname: 'Marc', lastname: 'Lambert' } : randomName(random);
    const imported = random.chance(0.8);
    const user = blankUser(
      {
        uai: school.uai,
        profile: 'Enseignant',
        ...name,
        login: demo?.login ?? logins.allocate(name.firstname, name.lastname),
        password: demo?.password ?? generatePrintablePassword(random),
        createdBy: imported ? 'Import' : createdBy,
      },
      random.integer(60, 300) * MINUTES_PER_DAY,
    );
    user.subject = demo ? 'Mathématiques' : (subjects[index % subjects.length] ?? null);
    user.importNumber = imported ? 1 : null;
    user.email = demo || random.chance(0.6) ? staffEmail(user.login, school) : null;
    user.adminMode = demo || random.chance(0.5) ? 1 : 0;
    user.lastLoginMinutesAgo = demo || random.chance(0.75) ? random.integer(10, 25 * MINUTES_PER_DAY) : null;
    user.comment = !demo && random.chance(0.12) ? random.pick(STAFF_COMMENTS) : null;
    if (!demo && index === school.teachers - 1 && school.teachers > 6)
      user.disabledMinutesAgo = random.integer(5, 40) * MINUTES_PER_DAY;
    user.applications = (SCHOOL_APPLICATIONS[school.extension] ?? []).map((name) =>
      planApplication(random, name, user.password, 1),
    );
    return user;
  });
}

function planPupils(
  random: Random,
  logins: LoginAllocator,
  school: DemoSchool,
  createdBy: string,
  isFirstSchool: boolean,
): PlannedUser[] {
  const perLevel = Math.ceil(school.pupils / school.levels.length);
  const schoolApplications = SCHOOL_APPLICATIONS[school.extension] ?? [];
  return Array.from({ length: school.pupils }, (_, index) => {
    const demo = isFirstSchool && index === 0 ? demoAccountOf('Eleve') : undefined;
    const level = school.levels[Math.floor(index / perLevel)] ?? school.levels[0] ?? null;
    const name = demo ? { firstname: 'Lina', lastname: 'Moreau' } : randomName(random);
    const secondImport = !demo && random.chance(0.15);
    const manual = !demo && !secondImport && random.chance(0.05);
    const user = blankUser(
      {
        uai: school.uai,
        profile: 'Eleve',
        ...name,
        login: demo?.login ?? logins.allocate(name.firstname, name.lastname),
        password: demo?.password ?? generatePrintablePassword(random),
        createdBy: manual ? createdBy : 'Import',
      },
      (secondImport ? random.integer(10, 40) : random.integer(120, 200)) * MINUTES_PER_DAY,
    );
    user.level = level;
    user.className = demo ? '6A' : level ? random.pick(classesOf(level, perLevel)) : null;
    user.importNumber = manual ? null : secondImport ? 2 : 1;
    user.adminMode = random.chance(0.35) ? 1 : 0;
    user.lastLoginMinutesAgo = demo || random.chance(0.6) ? random.integer(30, 30 * MINUTES_PER_DAY) : null;
    user.tabletNumber = random.chance(0.5) ? `TAB-${String(random.integer(1, 9999)).padStart(4, '0')}` : null;
    user.comment = random.chance(0.04) ? random.pick(PUPIL_COMMENTS) : null;
    if (!demo && random.chance(0.05)) user.disabledMinutesAgo = random.integer(1, 90) * MINUTES_PER_DAY;
    if (demo) {
      user.options = ['Latin', 'Espagnol LV2'];
      user.applications = ['Lelivrescolaire.fr', 'Edulib', 'Educadhoc', 'Kwyk'].map((name, position) =>
        planApplication(random, name, user.password, position < 3 ? 1 : 0),
      );
    } else {
      if (random.chance(0.45)) user.options = random.sample(school.options, random.integer(1, 3));
      user.applications = schoolApplications
        .filter(() => random.chance(0.6))
        .map((name) => planApplication(random, name, user.password, random.chance(0.9) ? 1 : 0));
    }
    return user;
  });
}

/**
 * Every demo user, deterministic for a given generator: staff first, then each school's teachers
 * and pupils. The demo accounts keep their fixed logins and passwords.
 */
export function planDemoUsers(random: Random): PlannedUser[] {
  const logins = createLoginAllocator();
  for (const account of DEMO_ACCOUNTS) logins.reserve(account.login);
  const staff = planStaff(random, logins);
  const schoolUsers = DEMO_SCHOOLS.flatMap((school, index) => {
    const createdBy = directionNameOf(staff, school.uai);
    return [
      ...planTeachers(random, logins, school, createdBy, index === 0),
      ...planPupils(random, logins, school, createdBy, index === 0),
    ];
  });
  return [...staff, ...schoolUsers];
}
