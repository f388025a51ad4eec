import { imports, profileNameOf } from '@console/contract';
import type { UserRecord } from '#platform/auth/access.js';
import type { ExportSelection } from './export-selection.js';
import type { AccessCredentialsRow } from './exports.repository.js';

/**
 * The tables of the exports people open in a spreadsheet (Tous, Brut, Full, Teaching): a header,
 * then a row per user (or per teaching), values as stored. Their dialects' writer guards every
 * cell against formulas, credentials too (exports/dialects.ts in the contract). Tous, Brut and
 * Full go back into the update import as they are: each column is one the import reads or one it
 * reads past (imports/columns.ts in the contract), options one per column as in the grid.
 */

const flag = (value: boolean | number) => (value ? '1' : '0');
const iso = (value: Date | null) => (value ? value.toISOString() : '');
const profileOf = (user: UserRecord) => profileNameOf(user.profileId) ?? '';

/** The Tous export's columns: the grid's field labels (spec 3 §3); the options come after 'Commentaire'. */
const TOUS_FIELDS = [
  'UAI',
  'Profil',
  'Nom',
  'Prénom',
  'Login',
  'Password',
  'Niveau',
  'Classe',
  'Matière',
  'Mail',
  'N° tablette',
  'Commentaire',
];
const TOUS_FLAGS = ['Mode admin', 'Désactivé'];

/**
 * One column per option, as many as the most options a user of the export has (at least one, for
 * a school that adds some in the spreadsheet): 'Option1'… in Tous and Full, 'option1'… in Brut.
 * A name may hold a comma, so options are never joined in one cell.
 */
type OptionColumns = { count: number; cells: (userId: number) => string[] };

function optionColumns(options: ReadonlyMap<number, string[]>): OptionColumns {
  let count = 1;
  for (const names of options.values()) count = Math.max(count, names.length);
  return {
    count,
    cells: (userId) => {
      const names = options.get(userId) ?? [];
      return Array.from({ length: count }, (_unused, index) => names[index] ?? '');
    },
  };
}

const optionHeaders = (columns: OptionColumns, prefix: string) =>
  Array.from({ length: columns.count }, (_unused, index) => `${prefix}${index + 1}`);
const tousHeader = (columns: OptionColumns) => [...TOUS_FIELDS, ...optionHeaders(columns, 'Option'), ...TOUS_FLAGS];

/** The columns Tous and Brut both give, in this order: level, class, subject, e-mail, tablet number, comment. */
const describingCells = (user: UserRecord) => [
  user.level ?? '',
  user.className ?? '',
  user.subject ?? '',
  user.email ?? '',
  user.tabletNumber ?? '',
  user.comment ?? '',
];

function tousCells(user: UserRecord, password: string, options: readonly string[]): string[] {
  return [
    user.uai ?? '',
    profileOf(user),
    user.lastname,
    user.firstname,
    user.login,
    password,
    ...describingCells(user),
    ...options,
    flag(user.adminMode),
    flag(user.disabled),
  ];
}

export function* tousTable(selection: ExportSelection, options: ReadonlyMap<number, string[]>): Generator<string[]> {
  const columns = optionColumns(options);
  yield tousHeader(columns);
  for (const user of selection.users) {
    yield tousCells(user, selection.reveal(user, user.passwordEncrypted), columns.cells(user.id));
  }
}

/** The Brut export: the stored values under their column names, dates in ISO 8601, flags 0 or 1. */
const BRUT_FIELDS = [
  'id',
  'uai',
  'profile',
  'lastname',
  'firstname',
  'login',
  'password',
  'level',
  'class_name',
  'subject',
  'email',
  'tablet_number',
  'comment',
];
const BRUT_AFTER_OPTIONS = ['admin_mode', ...imports.BRUT_PRODUCT_COLUMNS];

export function* brutTable(selection: ExportSelection, options: ReadonlyMap<number, string[]>): Generator<string[]> {
  const columns = optionColumns(options);
  yield [...BRUT_FIELDS, ...optionHeaders(columns, 'option'), ...BRUT_AFTER_OPTIONS];
  for (const user of selection.users) {
    yield [
      String(user.id),
      user.uai ?? '',
      profileOf(user),
      user.lastname,
      user.firstname,
      user.login,
      selection.reveal(user, user.passwordEncrypted),
      ...describingCells(user),
      ...columns.cells(user.id),
      String(user.adminMode),
      flag(user.disabled),
      iso(user.disabledAt),
      flag(user.locked),
      iso(user.lastLoginAt),
      user.importNumber === null ? '' : String(user.importNumber),
      iso(user.createdAt),
      user.createdBy ?? '',
      iso(user.updatedAt),
      user.updatedBy ?? '',
    ];
  }
}

/**
 * The Full export: Tous, then four columns per application at least one of the users has an
 * access to (in the catalogue's order): its login, password, code and status (1 on, 0 off).
 */
export function* fullTable(
  selection: ExportSelection,
  options: ReadonlyMap<number, string[]>,
  applications: readonly { id: number; name: string }[],
  accesses: readonly AccessCredentialsRow[],
): Generator<string[]> {
  const byUser = new Map<number, Map<number, AccessCredentialsRow>>();
  for (const access of accesses) {
    const own = byUser.get(access.user_id) ?? new Map<number, AccessCredentialsRow>();
    own.set(access.application_id, access);
    byUser.set(access.user_id, own);
  }
  const used = new Set(accesses.map((access) => access.application_id));
  const shown = applications.filter((application) => used.has(application.id));
  const columns = optionColumns(options);
  yield [
    ...tousHeader(columns),
    ...shown.flatMap(({ name }) => [`${name} - Login`, `${name} - Password`, `${name} - Code`, `${name} - Statut`]),
  ];
  for (const user of selection.users) {
    const own = byUser.get(user.id);
    const cells = tousCells(user, selection.reveal(user, user.passwordEncrypted), columns.cells(user.id));
    for (const application of shown) {
      const access = own?.get(application.id);
      cells.push(
        access?.login ?? '',
        access ? selection.reveal(user, access.password_encrypted) : '',
        access?.keys ?? '',
        access ? String(access.status) : '',
      );
    }
    yield cells;
  }
}

/** The Teaching export: a row per class and discipline a user teaches. */
export function* teachingTable(
  selection: ExportSelection,
  teaching: readonly { user_id: number; class_name: string; discipline: string }[],
): Generator<string[]> {
  yield ['UAI', 'Login', 'Nom', 'Prénom', 'Classe', 'Discipline'];
  const byUser = new Map<number, { class_name: string; discipline: string }[]>();
  for (const row of teaching) {
    const own = byUser.get(row.user_id);
    if (own) own.push(row);
    else byUser.set(row.user_id, [row]);
  }
  for (const user of selection.users) {
    for (const row of byUser.get(user.id) ?? []) {
      yield [user.uai ?? '', user.login, user.lastname, user.firstname, row.class_name, row.discipline];
    }
  }
}
