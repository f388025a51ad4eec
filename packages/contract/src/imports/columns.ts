import { withoutAccents } from '../rules/names.js';
import type { ImportMode } from './modes.js';
import { IMPORT_ERRORS, type ImportProblem } from './problems.js';

/**
 * Which column of an import file holds what (spec 3 §2.8, §3). A header is read whatever its case,
 * accents, spaces and punctuation ('Prénom', 'PRENOM', 'prénom ' are one column), under the names
 * the product's templates and the users grid's exports give it, and a few a school's spreadsheet
 * commonly has, and those of the Brut export ('class_name'). Options are 'Option1'…'OptionN'; an
 * application's columns are its name (enabled: 1 or 0) or its name then 'Statut', and its name then
 * 'Code', 'Login' or 'Mot de passe' ('Lelivrescolaire.fr-Code', 'Lelivrescolaire.fr - Login').
 */

export type ImportField =
  | 'userId'
  | 'uai'
  | 'profile'
  | 'lastName'
  | 'firstName'
  | 'login'
  | 'password'
  | 'level'
  | 'class'
  | 'adminMode'
  | 'subject'
  | 'email'
  | 'comment'
  | 'tabletNumber'
  | 'discipline';

/** Each field's headers; the first is the one the templates use and the messages name. */
export const IMPORT_FIELD_HEADERS: Readonly<Record<ImportField, readonly string[]>> = {
  userId: ['ID utilisateur', 'Identifiant utilisateur', 'userId', 'id'],
  uai: ['UAI', 'RNE'],
  profile: ['Profil', 'Profile'],
  lastName: ['Nom', 'Nom de famille', 'lastName'],
  firstName: ['Prénom', 'firstName'],
  login: ['Login', 'Identifiant'],
  password: ['Password', 'Mot de passe', 'MDP'],
  level: ['Niveau', 'level'],
  class: ['Classe', 'class', 'class_name'],
  adminMode: ['Mode admin', 'adminMode'],
  subject: ['Matière', 'subject'],
  email: ['Mail', 'E-mail', 'Email', 'Courriel'],
  comment: ['Commentaire', 'comment'],
  tabletNumber: ['N° tablette', 'Numéro de tablette', 'tablet_number'],
  discipline: ['Discipline'],
};

/** The Brut export's last columns (after 'admin_mode'): what the product sets itself. */
export const BRUT_PRODUCT_COLUMNS = [
  'disabled',
  'disabled_at',
  'locked',
  'last_login_at',
  'import_number',
  'created_at',
  'created_by',
  'updated_at',
  'updated_by',
] as const;

/**
 * Columns of the users grid's exports (Tous, Full, Brut) that the product sets itself: an import
 * reads past them and says which it read past, so that an export goes back in as it came out.
 */
export const IGNORED_HEADERS: readonly string[] = [
  'N° import',
  'Désactivé',
  'Désactivé le',
  'Verrouille',
  'Dernière connexion',
  'Plateformes',
  ...BRUT_PRODUCT_COLUMNS,
];

type ModeColumns = {
  required: readonly ImportField[];
  oneOf: readonly ImportField[];
  allowed: readonly ImportField[];
  catalogue: boolean;
};

const USER_FIELDS: readonly ImportField[] = [
  'uai',
  'profile',
  'lastName',
  'firstName',
  'login',
  'password',
  'level',
  'class',
  'adminMode',
  'subject',
  'email',
  'comment',
  'tabletNumber',
];

/** What each mode needs and reads: new users their names and profile; changes a user to change (id or login); teaching who, which class, which discipline. */
export const IMPORT_MODE_COLUMNS: Readonly<Record<ImportMode, ModeColumns>> = {
  users_initial: { required: ['profile', 'lastName', 'firstName'], oneOf: [], allowed: USER_FIELDS, catalogue: true },
  users_update: { required: [], oneOf: ['userId', 'login'], allowed: ['userId', ...USER_FIELDS], catalogue: true },
  // The names and the profile may stay in a teaching file, for the people who read it; they are not imported.
  teaching: {
    required: ['class', 'discipline'],
    oneOf: ['userId', 'login'],
    allowed: ['userId', 'login', 'uai', 'lastName', 'firstName', 'profile', 'class', 'discipline'],
    catalogue: false,
  },
};

/** A header's key: without accents, lower case, letters and digits only ('N° tablette' → 'ntablette'). */
export function headerKey(header: string): string {
  return withoutAccents(header)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

const FIELD_BY_KEY = new Map<string, ImportField>(
  (Object.entries(IMPORT_FIELD_HEADERS) as [ImportField, readonly string[]][]).flatMap(([field, headers]) =>
    headers.map((header) => [headerKey(header), field] as const),
  ),
);
const IGNORED_KEYS = new Set(IGNORED_HEADERS.map(headerKey));
/** An application's columns after its name: the Full export's '<name> - Statut' is its 1 or 0. */
const APPLICATION_SUFFIXES = {
  etat: ['statut', 'status', 'etat'],
  code: ['code'],
  login: ['login', 'identifiant'],
  password: ['password', 'motdepasse', 'mdp'],
} as const;

export type ImportCatalogueApplication = { idApplication: number; name: string };
export type ApplicationColumns = {
  idApplication: number;
  name: string;
  etat: number | null;
  code: number | null;
  login: number | null;
  password: number | null;
};

/** Where each value is, by column index. */
export type ImportColumns = {
  fields: Partial<Record<ImportField, number>>;
  /** Option columns, in the order of their number. */
  options: number[];
  applications: ApplicationColumns[];
  /** The headers read past (IGNORED_HEADERS), as the file spells them. */
  ignored: string[];
};

/** A header's label as the messages name it. */
export function fieldLabel(field: ImportField): string {
  return IMPORT_FIELD_HEADERS[field][0]!;
}

type Target =
  | { kind: 'field'; field: ImportField }
  | { kind: 'option'; rank: number }
  | { kind: 'application'; application: ImportCatalogueApplication; part: 'etat' | 'code' | 'login' | 'password' };

function applicationTargets(applications: readonly ImportCatalogueApplication[]): Map<string, Target> {
  const targets = new Map<string, Target>();
  for (const application of applications) {
    const key = headerKey(application.name);
    targets.set(key, { kind: 'application', application, part: 'etat' });
    for (const [part, suffixes] of Object.entries(APPLICATION_SUFFIXES) as [
      keyof typeof APPLICATION_SUFFIXES,
      readonly string[],
    ][]) {
      for (const suffix of suffixes) targets.set(key + suffix, { kind: 'application', application, part });
    }
  }
  return targets;
}

/**
 * Maps a file's headers to what the mode reads. Problems, all on line 1: a header that is none of
 * the columns (its values would be lost without a word), one read twice, one the mode does not
 * take (an application in a teaching file), and the columns the mode needs that are missing.
 */
export function mapImportColumns(
  mode: ImportMode,
  headers: readonly string[],
  applications: readonly ImportCatalogueApplication[],
  /** Columns to read past: those without a header and without a value (a spreadsheet's stray separators). */
  skipColumns: ReadonlySet<number> = new Set(),
): { columns: ImportColumns; problems: ImportProblem[] } {
  const rules = IMPORT_MODE_COLUMNS[mode];
  const byApplication = applicationTargets(applications);
  const columns: ImportColumns = { fields: {}, options: [], applications: [], ignored: [] };
  const problems: ImportProblem[] = [];
  const seen = new Map<string, string>();
  const options: { rank: number; index: number }[] = [];
  const problem = (msg: string, header: string, params: Record<string, string | number> = {}) =>
    problems.push({ msg, line: 1, field: header, params: { header, ...params } });

  headers.forEach((header, index) => {
    const key = headerKey(header);
    if (skipColumns.has(index)) return;
    if (IGNORED_KEYS.has(key)) return void columns.ignored.push(header);
    const field = FIELD_BY_KEY.get(key);
    const optionRank = /^option(\d+)$/.exec(key)?.[1];
    const target: Target | undefined = field
      ? { kind: 'field', field }
      : optionRank !== undefined
        ? { kind: 'option', rank: Number(optionRank) }
        : byApplication.get(key);
    if (!target) return problem(IMPORT_ERRORS.unknownColumn, header, { position: index + 1 });
    const identity =
      target.kind === 'field'
        ? target.field
        : target.kind === 'option'
          ? `option${target.rank}`
          : `${target.application.idApplication}.${target.part}`;
    const earlier = seen.get(identity);
    if (earlier !== undefined) return problem(IMPORT_ERRORS.duplicateColumn, header, { first: earlier });
    seen.set(identity, header);
    if (target.kind === 'field') {
      if (!rules.allowed.includes(target.field)) return problem(IMPORT_ERRORS.columnNotInMode, header, { mode });
      columns.fields[target.field] = index;
    } else if (!rules.catalogue) {
      problem(IMPORT_ERRORS.columnNotInMode, header, { mode });
    } else if (target.kind === 'option') {
      options.push({ rank: target.rank, index });
    } else {
      let entry = columns.applications.find((candidate) => candidate.idApplication === target.application.idApplication);
      if (!entry) {
        entry = {
          idApplication: target.application.idApplication,
          name: target.application.name,
          etat: null,
          code: null,
          login: null,
          password: null,
        };
        columns.applications.push(entry);
      }
      entry[target.part] = index;
    }
  });
  columns.options = options.sort((a, b) => a.rank - b.rank).map((option) => option.index);

  for (const field of rules.required) {
    if (columns.fields[field] === undefined)
      problems.push({
        msg: IMPORT_ERRORS.missingColumn,
        line: 1,
        field: fieldLabel(field),
        params: { column: fieldLabel(field) },
      });
  }
  if (rules.oneOf.length > 0 && rules.oneOf.every((field) => columns.fields[field] === undefined)) {
    const names = rules.oneOf.map(fieldLabel).join(' / ');
    problems.push({ msg: IMPORT_ERRORS.missingKeyColumn, line: 1, field: names, params: { columns: names } });
  }
  return { columns, problems };
}
