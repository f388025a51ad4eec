// The roster validators' test archives: a valid ASM and a valid OneRoster archive, each with one
// field changed or one file left out by a test, and the check that a validator found only the
// problem expected.
import { expect } from 'vitest';
import type { RosterProblem } from './roster-validator.js';
import {
  ASM_HEADERS,
  ONEROSTER_HEADERS,
  ONEROSTER_MANIFEST_FILES,
  ONEROSTER_PASSWORD_POLICY_COLUMN,
  rosterCsv,
  type AsmFileName,
  type OneRosterFileName,
} from './rosters.js';
export type Files = Record<string, string>;
export type Case = { name: string; files: Files; expected: RosterProblem };

function setField(rows: string[][], header: readonly string[], index: number, column: string, value: string): void {
  const row = rows[index];
  if (row === undefined || !header.includes(column)) throw new Error(`no ${column} in row ${index}`);
  row[header.indexOf(column)] = value;
}

const ASM_ROWS: Record<AsmFileName, string[][]> = {
  'locations.csv': [['S1', 'Collège Jean Moulin']],
  'students.csv': [
    ['E1', '1001', 'Zoé', '', 'Dupré', '6e', '', 'zdupre', '4', 'S1'],
    ['E2', '1002', 'Louis', '', 'Martin', '6e', '', 'lmartin', '4', 'S1'],
  ],
  'staff.csv': [['P1', '2001', 'Anne', '', 'Leroy', 'anne.leroy@example.fr', 'aleroy', 'S1']],
  'courses.csv': [['C1', 'MATH6', 'Mathématiques 6e', 'S1']],
  'classes.csv': [['K1', '6A', 'C1', 'P1', '', '', 'S1']],
  'rosters.csv': [
    ['R1', 'K1', 'E1'],
    ['R2', 'K1', 'E2'],
  ],
};

/** The valid archive, after `edit` changes its rows. */
export function asmArchive(edit: (rows: Record<AsmFileName, string[][]>) => void = () => undefined): Files {
  const rows = structuredClone(ASM_ROWS);
  edit(rows);
  return Object.fromEntries(
    Object.entries(ASM_HEADERS).map(([file, header]) => [file, rosterCsv(header, rows[file as AsmFileName])]),
  );
}

export function asmWith(file: AsmFileName, index: number, column: string, value: string): Files {
  return asmArchive((rows) => setField(rows[file], ASM_HEADERS[file], index, column, value));
}

const USERS_HEADER = [...ONEROSTER_HEADERS['users.csv'], ONEROSTER_PASSWORD_POLICY_COLUMN];
const ONEROSTER_ROWS: Record<OneRosterFileName, string[][]> = {
  'orgs.csv': [
    ['D1', '', '', 'Académie de Paris', 'district', '', ''],
    ['S1', '', '', 'Collège Jean Moulin', 'school', '0751234X', 'D1'],
  ],
  'users.csv': [
    ['U1', '', '', 'true', 'S1', 'student', 'zdupre', '', 'Zoé', 'Dupré', '', '', '', '', '', '', '06', '', '4'],
    [
      'U2',
      '',
      '',
      'true',
      'S1,D1',
      'teacher',
      'aleroy',
      '',
      'Anne',
      'Leroy',
      '',
      '',
      'anne.leroy@example.fr',
      '',
      '',
      '',
      '',
      '',
      '8',
    ],
  ],
  'academicSessions.csv': [
    ['Y2025', '', '', 'Année 2024-2025', 'schoolYear', '2024-09-02', '2025-07-04', '', '2025'],
    ['T1', '', '', 'Trimestre 1', 'term', '2024-09-02', '2024-11-30', 'Y2025', '2025'],
  ],
  'courses.csv': [['C1', '', '', 'Y2025', 'Mathématiques 6e', 'MATH6', '06', 'S1', '', '']],
  'classes.csv': [['K1', '', '', '6e A', '06', 'C1', '6A', 'homeroom', '', 'S1', 'Y2025,T1', '', '', '']],
  'enrollments.csv': [
    ['N1', '', '', 'K1', 'S1', 'U1', 'student', '', '', ''],
    ['N2', '', '', 'K1', 'S1', 'U2', 'teacher', 'true', '2024-09-02', '2025-07-04'],
  ],
};

function headerOf(file: OneRosterFileName): readonly string[] {
  return file === 'users.csv' ? USERS_HEADER : ONEROSTER_HEADERS[file];
}

export function manifest(modes: Record<string, string> = {}): string {
  const fileRows = ONEROSTER_MANIFEST_FILES.map((name) => [
    `file.${name}`,
    modes[name] ?? (`${name}.csv` in ONEROSTER_HEADERS ? 'bulk' : 'absent'),
  ]);
  return rosterCsv(
    ['propertyName', 'value'],
    [['manifest.version', '1.0'], ['oneroster.version', '1.1'], ...fileRows, ['source.systemName', 'Console']],
  );
}

export function oneRosterArchive(edit: (rows: Record<OneRosterFileName, string[][]>) => void = () => undefined): Files {
  const rows = structuredClone(ONEROSTER_ROWS);
  edit(rows);
  const files: Files = { 'manifest.csv': manifest() };
  for (const file of Object.keys(ONEROSTER_HEADERS) as OneRosterFileName[]) files[file] = rosterCsv(headerOf(file), rows[file]);
  return files;
}

export function oneRosterWith(file: OneRosterFileName, index: number, column: string, value: string): Files {
  return oneRosterArchive((rows) => setField(rows[file], headerOf(file), index, column, value));
}

export function without(files: Files, name: string): Files {
  return Object.fromEntries(Object.entries(files).filter(([file]) => file !== name));
}

export function expectOnly(problems: RosterProblem[], expected: RosterProblem): void {
  expect(problems).toEqual([{ ...expected, message: expect.stringContaining(expected.message) }]);
}
