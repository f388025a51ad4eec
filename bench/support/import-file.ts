// The import file of the import bench (issue 15): a school's users_initial file as Excel's
// "CSV UTF-8" writes it (byte order mark, ';', CRLF), 60 columns: 10 user fields, Option1…10,
// and for each of the 10 catalogue applications its 1/0 column and its Login, Mot de passe and
// Code columns. Every line is valid, so that the verification answers 200 and plans every line.
import {
  FIRST_NAMES,
  LAST_NAMES,
  PUPIL_COMMENTS,
  STAFF_COMMENTS,
  SUBJECTS,
} from '../../apps/server/src/platform/db/seed/names.js';
import { createRandom, type Random } from '../../apps/server/src/platform/db/seed/random.js';

export type ImportFileApplication = { name: string; requiresCode: boolean };

export type ImportFile = {
  bytes: Buffer;
  headers: string[];
  lines: number;
  repeatedNames: number;
  /** The passwords the file gives to enabled accesses (each sealed on its own by the verification). */
  accessPasswords: string[];
};

const USER_HEADERS = [
  'Profil',
  'Nom',
  'Prénom',
  'Niveau',
  'Classe',
  'Mail',
  'Commentaire',
  'Matière',
  'N° tablette',
  'Mode admin',
] as const;
const OPTION_COLUMNS = 10;
/** The column that names the user a users_update line changes. */
const UPDATE_KEY_HEADER = 'ID utilisateur';
const CREDENTIAL_SUFFIXES = ['Login', 'Mot de passe', 'Code'] as const;
/** Where a line's cells are (what the baselines read): the user fields, the options, then each application's 1/0 cell and credentials. */
export const IMPORT_FILE_LAYOUT = {
  userFields: USER_HEADERS.length,
  options: OPTION_COLUMNS,
  perApplication: 1 + CREDENTIAL_SUFFIXES.length,
} as const;
/** One line in this many repeats an earlier line's names, so that its generated login takes a number. */
const REPEAT_EVERY = 50;
const LEVELS = ['6e', '5e', '4e', '3e'] as const;
const CLASS_LETTERS = 'ABCDEFGH';
const OPTIONS = [
  'Latin',
  'Grec',
  'Espagnol LV2',
  'Allemand LV2',
  'Italien LV2',
  'Section européenne',
  'Chorale',
  'Théâtre',
  'Arts plastiques',
  'Football',
  'Échecs',
  'Robotique',
  'Journal',
  'Cinéma',
  'Danse',
  'Badminton',
];
/**
 * Names by a bijection of the line number onto first name × last name × (no second name | a
 * second last name): 219,600 distinct pairs, mixed from the first line on. 7,919 is prime and
 * divides none of 60 × 60 × 61, so that successive lines land far apart.
 */
const NAME_PAIRS = FIRST_NAMES.length * LAST_NAMES.length * (LAST_NAMES.length + 1);
const NAME_STRIDE = 7_919;

function namesOf(index: number): { firstName: string; lastName: string } {
  const code = (index * NAME_STRIDE) % NAME_PAIRS;
  const firstName = FIRST_NAMES[code % FIRST_NAMES.length]!;
  const family = LAST_NAMES[Math.floor(code / FIRST_NAMES.length) % LAST_NAMES.length]!;
  const second = Math.floor(code / (FIRST_NAMES.length * LAST_NAMES.length));
  return { firstName, lastName: second === 0 ? family : `${family}-${LAST_NAMES[second - 1]!}` };
}

/** A cell as Excel writes it: quoted when it holds the separator, a quote or a line break. */
function cellOf(value: string): string {
  return /[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

const asciiOf = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

/** An application's four cells: mostly enabled, credentials given on some lines, the code always when one is required. */
function applicationCells(random: Random, application: ImportFileApplication, index: number): string[] {
  const draw = random.next();
  if (draw < 0.3) return ['', '', '', ''];
  if (draw < 0.4) return ['0', '', '', ''];
  const slug = asciiOf(application.name).slice(0, 8);
  const login = random.chance(0.25) ? `${slug}.${index}` : '';
  const password = random.chance(0.15) ? `Pw${random.integer(100_000, 999_999)}` : '';
  const code = application.requiresCode || random.chance(0.1) ? `${slug.toUpperCase()}-${random.integer(1000, 9999)}` : '';
  return ['1', login, password, code];
}

function userCells(random: Random, index: number, names: { firstName: string; lastName: string }): string[] {
  const isTeacher = random.chance(0.07);
  const level = LEVELS[index % LEVELS.length]!;
  const className = `${level[0]}${CLASS_LETTERS[Math.floor(index / LEVELS.length) % CLASS_LETTERS.length]}`;
  const email =
    isTeacher || random.chance(0.2) ? `${asciiOf(names.firstName)}.${asciiOf(names.lastName)}${index}@famille.example.org` : '';
  const comment = random.chance(0.3) ? random.pick(isTeacher ? STAFF_COMMENTS : PUPIL_COMMENTS) : '';
  const tablet = random.chance(0.5) ? `TAB-${String(index).padStart(6, '0')}` : '';
  return [
    isTeacher ? 'Enseignant' : 'Eleve',
    names.lastName,
    names.firstName,
    isTeacher ? '' : level,
    isTeacher ? '' : className,
    email,
    comment,
    isTeacher ? random.pick(SUBJECTS) : '',
    tablet,
    isTeacher && random.chance(0.3) ? '1' : '0',
  ];
}

/** The file's header: the user fields, the options, then each application's columns. */
export function importHeaders(applications: readonly ImportFileApplication[]): string[] {
  const options = Array.from({ length: OPTION_COLUMNS }, (_unused, rank) => `Option${rank + 1}`);
  const perApplication = applications.flatMap((application) => [
    application.name,
    ...CREDENTIAL_SUFFIXES.map((suffix) => `${application.name}-${suffix}`),
  ]);
  return [...USER_HEADERS, ...options, ...perApplication];
}

/**
 * The namesakes of issue 31's file: one last name, and first names that the login rule cleans to
 * the same stem (accents, case, a trailing space), so that every line's login takes a number.
 */
const NAMESAKE_LAST_NAME = 'Martin';
const NAMESAKE_FIRST_NAMES = ['Léa', 'Lea', 'LÉA', 'Léa ', 'léa'] as const;

function namesakeOf(index: number): { firstName: string; lastName: string } {
  return { firstName: NAMESAKE_FIRST_NAMES[index % NAMESAKE_FIRST_NAMES.length]!, lastName: NAMESAKE_LAST_NAME };
}

/**
 * A users_initial file of `lines` pupils and teachers, the same for the same `seed`. Names are
 * varied (one line in 50 repeats an earlier line's), or with `namesakes` all the same once the
 * login rule has cleaned them. With `userIds` it is a users_update file of the same lines, an
 * 'ID utilisateur' column first naming the user each line changes; with `renamed`, each line
 * carries the names of the next one (so that every line of such an update changes the names).
 */
export function generateImportFile(options: {
  lines: number;
  applications: readonly ImportFileApplication[];
  seed?: number;
  namesakes?: boolean;
  renamed?: boolean;
  userIds?: readonly number[];
}): ImportFile {
  const random = createRandom(options.seed ?? 15);
  const { userIds } = options;
  if (userIds && userIds.length !== options.lines) throw new Error(`${userIds.length} user ids for ${options.lines} lines`);
  const headers = [...(userIds ? [UPDATE_KEY_HEADER] : []), ...importHeaders(options.applications)];
  const pieces: string[] = [headers.map(cellOf).join(';')];
  let repeatedNames = 0;
  const accessPasswords: string[] = [];
  for (let index = 0; index < options.lines; index++) {
    const repeats = index % REPEAT_EVERY === REPEAT_EVERY - 1;
    if (options.namesakes ? index > 0 : repeats) repeatedNames++;
    // An earlier line that is not itself a repeat: its names as that line gave them.
    const earlier = random.integer(0, index - 1);
    const named = repeats ? earlier - (earlier % REPEAT_EVERY === REPEAT_EVERY - 1 ? 1 : 0) : index;
    const names = options.namesakes ? namesakeOf(index) : namesOf(options.renamed ? named + 1 : named);
    const chosenOptions = random.sample(OPTIONS, random.integer(0, 4));
    const cells = [
      ...(userIds ? [String(userIds[index])] : []),
      ...userCells(random, index, names),
      ...Array.from({ length: OPTION_COLUMNS }, (_unused, rank) => chosenOptions[rank] ?? ''),
      ...options.applications.flatMap((application) => {
        const access = applicationCells(random, application, index);
        if (access[0] === '1' && access[2]) accessPasswords.push(access[2]);
        return access;
      }),
    ];
    pieces.push(cells.map(cellOf).join(';'));
  }
  const text = '\uFEFF' + pieces.join('\r\n') + '\r\n';
  return { bytes: Buffer.from(text, 'utf8'), headers, lines: options.lines, repeatedNames, accessPasswords };
}
