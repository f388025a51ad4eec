/**
 * Checks an Apple School Manager or OneRoster 1.1 bulk archive before it is offered (issue 16,
 * docs/external-formats.md §1–§2): ASM reports problems only later in its Activity log, and no offline OneRoster
 * validator exists, so the product finds them itself. Pure: the web app runs it too.
 */
import {
  checkRequired,
  collectProblems,
  compareHeader,
  eachValue,
  isOneOf,
  readRosterCsv,
  textOf,
  valueOf,
  type Archive,
  type CsvRow,
  type CsvTable,
  type Report,
  type RosterProblem,
} from './roster-csv-reader.js';
import {
  ASM_HEADERS,
  ASM_PASSWORD_POLICIES,
  ONEROSTER_HEADERS,
  ONEROSTER_MANIFEST_FILES,
  ONEROSTER_MANIFEST_HEADER,
  ONEROSTER_PASSWORD_POLICY_COLUMN,
  type AsmFileName,
  type OneRosterFileName,
} from './rosters.js';

export { formatProblem, type RosterProblem } from './roster-csv-reader.js';

const ASM_FILES = Object.keys(ASM_HEADERS) as AsmFileName[];

const ASM_REQUIRED: Record<AsmFileName, readonly string[]> = {
  'locations.csv': ['location_id', 'location_name'],
  'students.csv': ['person_id', 'first_name', 'last_name', 'location_id'],
  'staff.csv': ['person_id', 'first_name', 'last_name', 'location_id'],
  'courses.csv': ['course_id', 'location_id'],
  'classes.csv': ['class_id', 'course_id', 'location_id'],
  'rosters.csv': ['roster_id', 'class_id', 'student_id'],
};

/** Apple: "Any identifiers entered must be alphanumeric and can include a hyphen (-)." */
const ASM_IDENTIFIER = /^[A-Za-z0-9-]+$/;
const ASM_IDENTIFIER_COLUMNS = [
  'location_id',
  'person_id',
  'course_id',
  'class_id',
  'roster_id',
  'instructor_id',
  'instructor_id_2',
  'instructor_id_3',
  'student_id',
];

/** [file, column, referenced file, referenced column]. */
const ASM_REFERENCES: readonly (readonly [AsmFileName, string, AsmFileName, string])[] = [
  ['students.csv', 'location_id', 'locations.csv', 'location_id'],
  ['staff.csv', 'location_id', 'locations.csv', 'location_id'],
  ['courses.csv', 'location_id', 'locations.csv', 'location_id'],
  ['classes.csv', 'location_id', 'locations.csv', 'location_id'],
  ['classes.csv', 'course_id', 'courses.csv', 'course_id'],
  ['classes.csv', 'instructor_id', 'staff.csv', 'person_id'],
  ['classes.csv', 'instructor_id_2', 'staff.csv', 'person_id'],
  ['classes.csv', 'instructor_id_3', 'staff.csv', 'person_id'],
  ['rosters.csv', 'class_id', 'classes.csv', 'class_id'],
  ['rosters.csv', 'student_id', 'students.csv', 'person_id'],
];

/**
 * Every problem of an ASM SFTP archive: its six files and nothing else at the zip's root, UTF-8
 * without byte-order mark, LF line ends, Apple's headers, required fields, identifiers, unique ids
 * (person_id across students and staff, as Apple's accounts are), password policies, references
 * between the files, and repeated rows. An empty list means the archive is fit to upload.
 */
export function validateAsmArchive(files: Archive): RosterProblem[] {
  const { problems, report } = collectProblems();
  for (const name of Object.keys(files)) {
    if (/[/\\]/.test(name)) report(name, null, null, 'is inside a folder; ASM wants the six files at the root of the zip');
    else if (!isOneOf(ASM_FILES, name)) report(name, null, null, `is not one of ASM's six files (${ASM_FILES.join(', ')})`);
  }

  const tables = new Map<AsmFileName, CsvTable>();
  for (const file of ASM_FILES) {
    const text = textOf(files, file);
    if (text === undefined) {
      report(file, null, null, 'is missing; ASM wants all six files in every upload');
      continue;
    }
    if (text.startsWith('\uFEFF')) report(file, 1, null, 'starts with a byte-order mark; ASM wants UTF-8 without one');
    const carriageReturn = text.indexOf('\r');
    if (carriageReturn >= 0) {
      const line = text.slice(0, carriageReturn).split('\n').length;
      report(file, line, null, 'holds a carriage return (CR); ASM wants LF line ends only');
    }
    const table = readRosterCsv(file, text, problems);
    if (table === undefined) continue;
    const header = compareHeader(table.header, ASM_HEADERS[file]);
    if (header.text !== ASM_HEADERS[file].join(',')) {
      report(file, 1, header.column, `header is '${header.text}'; expected '${ASM_HEADERS[file].join(',')}'`);
    }
    tables.set(file, table);
  }

  // Keyed by column and value, so that person_id is unique across students.csv and staff.csv.
  const firstUse = new Map<string, string>();
  for (const [file, table] of tables) {
    checkRequired(table, ASM_REQUIRED[file], report);
    eachValue(table, ASM_IDENTIFIER_COLUMNS, (value, row, column) => {
      if (!ASM_IDENTIFIER.test(value)) {
        report(file, row.line, column, `${column} = '${value}' holds characters other than letters A-Z, digits and hyphens`);
      }
    });
    eachValue(table, ['password_policy'], (value, row, column) => {
      if (!isOneOf(ASM_PASSWORD_POLICIES, value)) {
        report(file, row.line, column, `${column} = '${value}' is not one of 4, 6, 8 or empty`);
      }
    });
    const rowLines = new Map<string, number>();
    const idColumn = ASM_HEADERS[file][0];
    for (const row of table.rows) {
      const key = JSON.stringify(row.fields);
      const repeated = rowLines.get(key);
      if (repeated !== undefined) {
        report(file, row.line, null, `row repeats line ${repeated}`);
        continue;
      }
      rowLines.set(key, row.line);
      const id = valueOf(table, row, idColumn);
      if (!id) continue;
      const usedAt = firstUse.get(`${idColumn}\n${id}`);
      if (usedAt === undefined) firstUse.set(`${idColumn}\n${id}`, `${file}:${row.line}`);
      else report(file, row.line, idColumn, `${idColumn} = '${id}' is already used at ${usedAt}`);
    }
  }

  for (const [file, column, target, targetColumn] of ASM_REFERENCES) {
    const source = tables.get(file);
    const referenced = tables.get(target);
    if (source === undefined || referenced === undefined) continue;
    const known = new Set(referenced.rows.map((row) => valueOf(referenced, row, targetColumn)));
    eachValue(source, [column], (value, row) => {
      // A malformed identifier is reported once, as such.
      if (ASM_IDENTIFIER.test(value) && !known.has(value)) {
        report(file, row.line, column, `${column} = '${value}' does not reference any ${targetColumn} in ${target}`);
      }
    });
  }
  return problems;
}

const ONEROSTER_FILE_MODES = ['absent', 'bulk', 'delta'];

const ONEROSTER_REQUIRED: Record<OneRosterFileName, readonly string[]> = {
  'orgs.csv': ['sourcedId', 'name', 'type'],
  'users.csv': ['sourcedId', 'enabledUser', 'orgSourcedIds', 'role', 'username', 'givenName', 'familyName'],
  'academicSessions.csv': ['sourcedId', 'title', 'type', 'startDate', 'endDate', 'schoolYear'],
  'courses.csv': ['sourcedId', 'title', 'orgSourcedId'],
  'classes.csv': ['sourcedId', 'title', 'courseSourcedId', 'classType', 'schoolSourcedId', 'termSourcedIds'],
  'enrollments.csv': ['sourcedId', 'classSourcedId', 'schoolSourcedId', 'userSourcedId', 'role'],
};

/** Optional enumerated fields may be blank (OneRoster CSV §3); required ones are checked as such. */
const ONEROSTER_ENUMERATIONS: Partial<Record<OneRosterFileName, Readonly<Record<string, readonly string[]>>>> = {
  'orgs.csv': { type: ['department', 'school', 'district', 'local', 'state', 'national'] },
  'users.csv': {
    enabledUser: ['true', 'false'],
    role: ['administrator', 'aide', 'guardian', 'parent', 'proctor', 'relative', 'student', 'teacher'],
  },
  'academicSessions.csv': { type: ['gradingPeriod', 'semester', 'schoolYear', 'term'] },
  'classes.csv': { classType: ['homeroom', 'scheduled'] },
  'enrollments.csv': { role: ['administrator', 'proctor', 'student', 'teacher'], primary: ['true', 'false'] },
};

/** [start column, end column] of each file's period. */
const ONEROSTER_PERIODS: Partial<Record<OneRosterFileName, readonly [string, string]>> = {
  'academicSessions.csv': ['startDate', 'endDate'],
  'enrollments.csv': ['beginDate', 'endDate'],
};

/** OneRoster's GUID: fewer than 256 characters from 0-9 a-z A-Z . - _ / @. */
const SOURCED_ID = /^[0-9A-Za-z._/@-]{1,255}$/;
const LIST_COLUMNS = ['orgSourcedIds', 'termSourcedIds', 'agentSourcedIds'];

/** Every reference of a bulk file set must be defined in it (OneRoster CSV §3, "semantically complete"). */
const ONEROSTER_REFERENCES: readonly { file: OneRosterFileName; column: string; target: OneRosterFileName; isSchool?: true }[] = [
  { file: 'orgs.csv', column: 'parentSourcedId', target: 'orgs.csv' },
  { file: 'users.csv', column: 'orgSourcedIds', target: 'orgs.csv' },
  { file: 'users.csv', column: 'agentSourcedIds', target: 'users.csv' },
  { file: 'academicSessions.csv', column: 'parentSourcedId', target: 'academicSessions.csv' },
  { file: 'courses.csv', column: 'schoolYearSourcedId', target: 'academicSessions.csv' },
  { file: 'courses.csv', column: 'orgSourcedId', target: 'orgs.csv' },
  { file: 'classes.csv', column: 'courseSourcedId', target: 'courses.csv' },
  { file: 'classes.csv', column: 'schoolSourcedId', target: 'orgs.csv', isSchool: true },
  { file: 'classes.csv', column: 'termSourcedIds', target: 'academicSessions.csv' },
  { file: 'enrollments.csv', column: 'classSourcedId', target: 'classes.csv' },
  { file: 'enrollments.csv', column: 'schoolSourcedId', target: 'orgs.csv', isSchool: true },
  { file: 'enrollments.csv', column: 'userSourcedId', target: 'users.csv' },
];

function itemsOf(column: string, value: string): string[] {
  return isOneOf(LIST_COLUMNS, column) ? value.split(',') : [value];
}

/** A real calendar date written YYYY-MM-DD. */
function isDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) && new Date(value).toISOString().startsWith(value);
}

type ManifestEntry = { value: string; line: number };

/** The manifest's `file.<name>` rows by name; undefined when there is no manifest to read. */
function readManifest(files: Archive, problems: RosterProblem[], report: Report): Map<string, ManifestEntry> | undefined {
  const manifest = 'manifest.csv';
  const text = textOf(files, manifest);
  if (text === undefined) {
    report(manifest, null, null, 'is missing; every OneRoster archive needs one');
    return undefined;
  }
  const table = readRosterCsv(manifest, text, problems);
  if (table === undefined) return undefined;
  const header = compareHeader(table.header, ONEROSTER_MANIFEST_HEADER);
  if (header.text !== ONEROSTER_MANIFEST_HEADER.join(',')) {
    report(manifest, 1, header.column, `header is '${header.text}'; expected 'propertyName,value'`);
  }
  const properties = new Map<string, ManifestEntry>();
  for (const row of table.rows) {
    const name = valueOf(table, row, 'propertyName') ?? '';
    const first = properties.get(name);
    if (first !== undefined) report(manifest, row.line, 'propertyName', `${name} repeats line ${first.line}`);
    else properties.set(name, { value: valueOf(table, row, 'value') ?? '', line: row.line });
    if (name.startsWith('file.') && !isOneOf(ONEROSTER_MANIFEST_FILES, name.slice('file.'.length))) {
      report(manifest, row.line, 'propertyName', `${name} is not a OneRoster 1.1 file`);
    }
  }
  for (const [name, expected] of [
    ['manifest.version', '1.0'],
    ['oneroster.version', '1.1'],
  ] as const) {
    const entry = properties.get(name);
    if (entry === undefined) report(manifest, null, null, `has no ${name} row`);
    else if (entry.value !== expected) {
      report(manifest, entry.line, 'value', `${name} = '${entry.value}'; expected '${expected}'`);
    }
  }
  const modes = new Map<string, ManifestEntry>();
  for (const name of ONEROSTER_MANIFEST_FILES) {
    const entry = properties.get(`file.${name}`);
    if (entry === undefined) report(manifest, null, null, `has no file.${name} row`);
    else if (!isOneOf(ONEROSTER_FILE_MODES, entry.value)) {
      report(manifest, entry.line, 'value', `file.${name} = '${entry.value}' is not one of absent, bulk, delta`);
    } else modes.set(name, entry);
  }
  return modes;
}

function checkOneRosterHeader(file: OneRosterFileName, table: CsvTable, report: Report): void {
  const expected = ONEROSTER_HEADERS[file];
  const header = compareHeader(table.header, expected);
  if (header.column !== null) {
    report(file, 1, header.column, `header is '${header.text}'; expected '${expected.join(',')}', then metadata.* columns only`);
  }
  table.header.forEach((name, index) => {
    if (index >= expected.length && !name.startsWith('metadata.')) {
      report(file, 1, name, `extension column '${name}' must be named metadata.*`);
    }
    if (table.header.indexOf(name) < index) report(file, 1, name, `column '${name}' appears twice in the header`);
  });
}

/** The value checks of one data file; returns its rows by sourcedId. */
function checkOneRosterRows(file: OneRosterFileName, table: CsvTable, report: Report): Map<string, CsvRow> {
  eachValue(table, ['status', 'dateLastModified'], (value, row, column) =>
    report(file, row.line, column, `${column} = '${value}' must be empty in a bulk file`),
  );
  checkRequired(table, ONEROSTER_REQUIRED[file], report);
  for (const [column, allowed] of Object.entries(ONEROSTER_ENUMERATIONS[file] ?? {})) {
    eachValue(table, [column], (value, row) => {
      if (!isOneOf(allowed, value)) report(file, row.line, column, `${column} = '${value}' is not one of ${allowed.join(', ')}`);
    });
  }
  const identifierColumns = [
    'sourcedId',
    ...ONEROSTER_REFERENCES.filter((reference) => reference.file === file).map((reference) => reference.column),
  ];
  eachValue(table, identifierColumns, (value, row, column) => {
    for (const item of itemsOf(column, value)) {
      if (item === '') report(file, row.line, column, `${column} = '${value}' holds an empty item`);
      else if (!SOURCED_ID.test(item)) {
        report(file, row.line, column, `${column} = '${item}' is not a sourcedId (1 to 255 of 0-9 A-Z a-z . - _ / @)`);
      }
    }
  });
  const period = ONEROSTER_PERIODS[file];
  if (period !== undefined) {
    eachValue(table, period, (value, row, column) => {
      if (!isDate(value)) report(file, row.line, column, `${column} = '${value}' is not a date YYYY-MM-DD`);
    });
    for (const row of table.rows) {
      const [start = '', end = ''] = period.map((column) => valueOf(table, row, column) ?? '');
      if (isDate(start) && isDate(end) && end < start) {
        report(file, row.line, period[1], `${period[1]} = '${end}' is before ${period[0]} = '${start}'`);
      }
    }
  }
  eachValue(table, file === 'academicSessions.csv' ? ['schoolYear'] : [], (value, row, column) => {
    if (!/^\d{4}$/.test(value)) report(file, row.line, column, `${column} = '${value}' is not a year YYYY`);
  });
  eachValue(table, [ONEROSTER_PASSWORD_POLICY_COLUMN], (value, row, column) => {
    if (!isOneOf(ASM_PASSWORD_POLICIES, value)) {
      report(file, row.line, column, `${column} = '${value}' is not one of 4, 6, 8 or empty`);
    }
  });
  const byId = new Map<string, CsvRow>();
  for (const row of table.rows) {
    const id = valueOf(table, row, 'sourcedId');
    if (!id) continue;
    const first = byId.get(id);
    if (first === undefined) byId.set(id, row);
    else report(file, row.line, 'sourcedId', `sourcedId = '${id}' is already used at ${file}:${first.line}`);
  }
  return byId;
}

/**
 * Every problem of a OneRoster 1.1 bulk archive: a manifest naming each 1.1 file and matching the
 * files present, no folders, no empty data file, the 1.1 headers (then metadata.* columns), empty
 * status and dateLastModified, required fields, enumerations, sourcedId characters, dates, unique
 * sourcedIds, and references between the files. A byte-order mark and CRLF line ends are allowed.
 */
export function validateOneRosterArchive(files: Archive): RosterProblem[] {
  const { problems, report } = collectProblems();
  for (const name of Object.keys(files)) {
    if (/[/\\]/.test(name)) report(name, null, null, 'is inside a folder; OneRoster wants the files at the root of the zip');
    else if (
      name !== 'manifest.csv' &&
      !(name.endsWith('.csv') && isOneOf(ONEROSTER_MANIFEST_FILES, name.slice(0, -'.csv'.length)))
    ) {
      report(name, null, null, 'is not a OneRoster 1.1 file');
    }
  }
  const modes = readManifest(files, problems, report);

  const tables = new Map<OneRosterFileName, { table: CsvTable; byId: Map<string, CsvRow> }>();
  for (const name of ONEROSTER_MANIFEST_FILES) {
    const file = `${name}.csv`;
    const text = textOf(files, file);
    const entry = modes?.get(name);
    if (text === undefined) {
      if (entry !== undefined && entry.value !== 'absent') {
        report('manifest.csv', entry.line, 'value', `file.${name} = '${entry.value}' but ${file} is not in the archive`);
      }
      continue;
    }
    if (entry !== undefined && entry.value !== 'bulk') {
      report('manifest.csv', entry.line, 'value', `file.${name} = '${entry.value}' but ${file} is in the archive as a bulk file`);
    }
    const table = readRosterCsv(file, text, problems);
    if (table === undefined) continue;
    if (table.rows.length === 0) {
      report(file, null, null, 'has a header but no data rows; leave it out and mark it absent in manifest.csv');
    }
    if (Object.hasOwn(ONEROSTER_HEADERS, file)) {
      const dataFile = file as OneRosterFileName;
      checkOneRosterHeader(dataFile, table, report);
      tables.set(dataFile, { table, byId: checkOneRosterRows(dataFile, table, report) });
    }
  }

  for (const { file, column, target, isSchool } of ONEROSTER_REFERENCES) {
    const source = tables.get(file);
    const referenced = tables.get(target);
    if (source === undefined || (referenced === undefined && textOf(files, target) !== undefined)) continue;
    let isTargetReported = false;
    eachValue(source.table, [column], (value, row) => {
      if (referenced === undefined) {
        if (!isTargetReported) report(file, row.line, column, `${column} references ${target}, which is not in the archive`);
        isTargetReported = true;
        return;
      }
      // Malformed items are reported once, as such.
      for (const item of itemsOf(column, value).filter((candidate) => SOURCED_ID.test(candidate))) {
        const targetRow = referenced.byId.get(item);
        const type = targetRow && valueOf(referenced.table, targetRow, 'type');
        if (targetRow === undefined) {
          report(file, row.line, column, `${column} = '${item}' does not reference any sourcedId in ${target}`);
        } else if (isSchool && type !== 'school') {
          report(file, row.line, column, `${column} = '${item}' references an org of type '${type ?? ''}', not a school`);
        }
      }
    });
  }
  return problems;
}
