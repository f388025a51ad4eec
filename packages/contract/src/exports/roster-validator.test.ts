import { describe, expect, it } from 'vitest';
import { readRosterCsv } from './roster-csv-reader.js';
import { formatProblem, validateAsmArchive, validateOneRosterArchive, type RosterProblem } from './roster-validator.js';
import {
  ASM_HEADERS,
  ONEROSTER_HEADERS,
  ONEROSTER_MANIFEST_FILES,
  ONEROSTER_PASSWORD_POLICY_COLUMN,
  rosterCsv,
  type AsmFileName,
  type OneRosterFileName,
} from './rosters.js';

type Files = Record<string, string>;
type Case = { name: string; files: Files; expected: RosterProblem };

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
function asmArchive(edit: (rows: Record<AsmFileName, string[][]>) => void = () => undefined): Files {
  const rows = structuredClone(ASM_ROWS);
  edit(rows);
  return Object.fromEntries(
    Object.entries(ASM_HEADERS).map(([file, header]) => [file, rosterCsv(header, rows[file as AsmFileName])]),
  );
}

function asmWith(file: AsmFileName, index: number, column: string, value: string): Files {
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

function manifest(modes: Record<string, string> = {}): string {
  const fileRows = ONEROSTER_MANIFEST_FILES.map((name) => [
    `file.${name}`,
    modes[name] ?? (`${name}.csv` in ONEROSTER_HEADERS ? 'bulk' : 'absent'),
  ]);
  return rosterCsv(
    ['propertyName', 'value'],
    [['manifest.version', '1.0'], ['oneroster.version', '1.1'], ...fileRows, ['source.systemName', 'Console']],
  );
}

function oneRosterArchive(edit: (rows: Record<OneRosterFileName, string[][]>) => void = () => undefined): Files {
  const rows = structuredClone(ONEROSTER_ROWS);
  edit(rows);
  const files: Files = { 'manifest.csv': manifest() };
  for (const file of Object.keys(ONEROSTER_HEADERS) as OneRosterFileName[]) files[file] = rosterCsv(headerOf(file), rows[file]);
  return files;
}

function oneRosterWith(file: OneRosterFileName, index: number, column: string, value: string): Files {
  return oneRosterArchive((rows) => setField(rows[file], headerOf(file), index, column, value));
}

function without(files: Files, name: string): Files {
  return Object.fromEntries(Object.entries(files).filter(([file]) => file !== name));
}

function expectOnly(problems: RosterProblem[], expected: RosterProblem): void {
  expect(problems).toEqual([{ ...expected, message: expect.stringContaining(expected.message) }]);
}

describe('the ASM archive validator', () => {
  it('finds nothing wrong in a valid archive', () => {
    expect(validateAsmArchive(asmArchive())).toEqual([]);
  });

  const staffText = (lines: string): string => `${ASM_HEADERS['staff.csv'].join(',')}\n${lines}`;
  const cases: Case[] = [
    {
      name: 'a class of an unknown course',
      files: asmWith('classes.csv', 0, 'course_id', 'C9'),
      expected: {
        file: 'classes.csv',
        line: 2,
        column: 'course_id',
        message: "course_id = 'C9' does not reference any course_id in courses.csv",
      },
    },
    {
      name: 'a missing file',
      files: without(asmArchive(), 'rosters.csv'),
      expected: { file: 'rosters.csv', line: null, column: null, message: 'is missing' },
    },
    {
      name: 'a file in a folder',
      files: { ...asmArchive(), 'export/locations.csv': '' },
      expected: { file: 'export/locations.csv', line: null, column: null, message: 'is inside a folder' },
    },
    {
      name: 'an extra file',
      files: { ...asmArchive(), 'notes.txt': 'hello' },
      expected: { file: 'notes.txt', line: null, column: null, message: "is not one of ASM's six files" },
    },
    {
      name: 'a reordered header',
      files: {
        ...asmArchive(),
        'staff.csv': staffText('P1,2001,Anne,,Leroy,,,S1\n').replace(
          'first_name,middle_name,last_name',
          'last_name,middle_name,first_name',
        ),
      },
      expected: {
        file: 'staff.csv',
        line: 1,
        column: 'first_name',
        message: "header is 'person_id,person_number,last_name,middle_name,first_name",
      },
    },
    {
      name: 'a missing required field',
      files: asmWith('students.csv', 1, 'first_name', ''),
      expected: { file: 'students.csv', line: 3, column: 'first_name', message: 'first_name is empty' },
    },
    {
      name: 'bad identifier characters',
      files: asmArchive((rows) => rows['staff.csv'].push(['P_2', '', 'Paul', '', 'Roux', '', '', 'S1'])),
      expected: {
        file: 'staff.csv',
        line: 3,
        column: 'person_id',
        message: "person_id = 'P_2' holds characters other than letters A-Z, digits and hyphens",
      },
    },
    {
      name: 'a person_id used by a student and a staff member',
      files: asmArchive((rows) => rows['staff.csv'].push(['E1', '', 'Paul', '', 'Roux', '', '', 'S1'])),
      expected: {
        file: 'staff.csv',
        line: 3,
        column: 'person_id',
        message: "person_id = 'E1' is already used at students.csv:2",
      },
    },
    {
      name: 'a bad password_policy',
      files: asmWith('students.csv', 0, 'password_policy', '5'),
      expected: {
        file: 'students.csv',
        line: 2,
        column: 'password_policy',
        message: "password_policy = '5' is not one of 4, 6, 8",
      },
    },
    {
      name: 'an unknown location',
      files: asmWith('staff.csv', 0, 'location_id', '10'),
      expected: {
        file: 'staff.csv',
        line: 2,
        column: 'location_id',
        message: "location_id = '10' does not reference any location_id in locations.csv",
      },
    },
    {
      name: 'an unknown instructor',
      files: asmWith('classes.csv', 0, 'instructor_id', 'P9'),
      expected: {
        file: 'classes.csv',
        line: 2,
        column: 'instructor_id',
        message: "instructor_id = 'P9' does not reference any person_id in staff.csv",
      },
    },
    {
      name: 'a roster of an unknown student',
      files: asmWith('rosters.csv', 1, 'student_id', 'E9'),
      expected: {
        file: 'rosters.csv',
        line: 3,
        column: 'student_id',
        message: "student_id = 'E9' does not reference any person_id in students.csv",
      },
    },
    {
      name: 'a CRLF line end',
      files: { ...asmArchive(), 'locations.csv': 'location_id,location_name\r\nS1,Collège\n' },
      expected: { file: 'locations.csv', line: 1, column: null, message: 'carriage return' },
    },
    {
      name: 'a byte-order mark',
      files: { ...asmArchive(), 'courses.csv': `\uFEFF${asmArchive()['courses.csv']}` },
      expected: { file: 'courses.csv', line: 1, column: null, message: 'byte-order mark' },
    },
    {
      name: 'a quoted field with a line break',
      files: { ...asmArchive(), 'staff.csv': staffText('P1,2001,"Anne\nMarie",,Leroy,,,S1\n') },
      expected: { file: 'staff.csv', line: 2, column: null, message: 'holds a line break' },
    },
    {
      name: 'an unterminated quote',
      files: { ...asmArchive(), 'locations.csv': 'location_id,location_name\nS1,"Collège\n' },
      expected: { file: 'locations.csv', line: 2, column: null, message: 'unterminated quote' },
    },
    {
      name: 'a row with too many fields',
      files: { ...asmArchive(), 'staff.csv': staffText('P1,2001,Anne,,Leroy,,,S1,x\n') },
      expected: { file: 'staff.csv', line: 2, column: null, message: 'row has 9 fields; the header has 8' },
    },
    {
      name: 'a repeated row',
      files: asmArchive((rows) => rows['rosters.csv'].push(['R2', 'K1', 'E2'])),
      expected: { file: 'rosters.csv', line: 4, column: null, message: 'row repeats line 3' },
    },
    {
      name: 'a repeated roster_id',
      files: asmArchive((rows) => rows['rosters.csv'].push(['R1', 'K1', 'E2'])),
      expected: {
        file: 'rosters.csv',
        line: 4,
        column: 'roster_id',
        message: "roster_id = 'R1' is already used at rosters.csv:2",
      },
    },
  ];

  it.each(cases)('reports $name', ({ files, expected }) => {
    expectOnly(validateAsmArchive(files), expected);
  });
});

describe('the OneRoster archive validator', () => {
  it('finds nothing wrong in a valid archive', () => {
    expect(validateOneRosterArchive(oneRosterArchive())).toEqual([]);
  });

  it('tolerates a byte-order mark and CRLF line ends', () => {
    const files = Object.fromEntries(
      Object.entries(oneRosterArchive()).map(([name, text]) => [name, `\uFEFF${text.replaceAll('\n', '\r\n')}`]),
    );
    expect(validateOneRosterArchive(files)).toEqual([]);
  });

  const withoutManifestRow = (row: string): Files => ({
    ...oneRosterArchive(),
    'manifest.csv': manifest().replace(`${row}\n`, ''),
  });
  const cases: Case[] = [
    {
      name: 'a missing manifest',
      files: without(oneRosterArchive(), 'manifest.csv'),
      expected: { file: 'manifest.csv', line: null, column: null, message: 'is missing' },
    },
    {
      name: 'a manifest without a file row',
      files: withoutManifestRow('file.results,absent'),
      expected: { file: 'manifest.csv', line: null, column: null, message: 'has no file.results row' },
    },
    {
      name: 'a wrong OneRoster version',
      files: { ...oneRosterArchive(), 'manifest.csv': manifest().replace('oneroster.version,1.1', 'oneroster.version,1.2') },
      expected: { file: 'manifest.csv', line: 3, column: 'value', message: "oneroster.version = '1.2'; expected '1.1'" },
    },
    {
      name: 'a file marked bulk but absent',
      files: { ...oneRosterArchive(), 'manifest.csv': manifest({ demographics: 'bulk' }) },
      expected: {
        file: 'manifest.csv',
        line: 10,
        column: 'value',
        message: "file.demographics = 'bulk' but demographics.csv is not in the archive",
      },
    },
    {
      name: 'a file present but marked absent',
      files: { ...oneRosterArchive(), 'manifest.csv': manifest({ enrollments: 'absent' }) },
      expected: {
        file: 'manifest.csv',
        line: 11,
        column: 'value',
        message: "file.enrollments = 'absent' but enrollments.csv is in the archive",
      },
    },
    {
      name: 'a file in a folder',
      files: { ...oneRosterArchive(), 'oneroster/users.csv': 'x' },
      expected: { file: 'oneroster/users.csv', line: null, column: null, message: 'is inside a folder' },
    },
    {
      name: 'a data file without rows',
      files: oneRosterArchive((rows) => rows['enrollments.csv'].splice(0)),
      expected: { file: 'enrollments.csv', line: null, column: null, message: 'has a header but no data rows' },
    },
    {
      name: 'a reordered header',
      files: {
        ...oneRosterArchive(),
        'orgs.csv':
          'sourcedId,status,dateLastModified,type,name,identifier,parentSourcedId\nD1,,,district,Académie,,\nS1,,,school,Collège,,D1\n',
      },
      expected: { file: 'orgs.csv', line: 1, column: 'name', message: "header is 'sourcedId,status,dateLastModified,type,name" },
    },
    {
      name: 'an extension column outside metadata.*',
      files: {
        ...oneRosterArchive(),
        'users.csv': oneRosterArchive()['users.csv']?.replace(ONEROSTER_PASSWORD_POLICY_COLUMN, 'password_policy') ?? '',
      },
      expected: { file: 'users.csv', line: 1, column: 'password_policy', message: 'must be named metadata.*' },
    },
    {
      name: 'a status in a bulk file',
      files: oneRosterWith('orgs.csv', 1, 'status', 'active'),
      expected: { file: 'orgs.csv', line: 3, column: 'status', message: "status = 'active' must be empty in a bulk file" },
    },
    {
      name: 'a missing required field',
      files: oneRosterWith('users.csv', 0, 'username', ''),
      expected: { file: 'users.csv', line: 2, column: 'username', message: 'username is empty' },
    },
    {
      name: 'an enrollment of an unknown user',
      files: oneRosterWith('enrollments.csv', 0, 'userSourcedId', 'U9'),
      expected: {
        file: 'enrollments.csv',
        line: 2,
        column: 'userSourcedId',
        message: "userSourcedId = 'U9' does not reference any sourcedId in users.csv",
      },
    },
    {
      name: 'an unknown term of a class',
      files: oneRosterWith('classes.csv', 0, 'termSourcedIds', 'Y2025,T9'),
      expected: {
        file: 'classes.csv',
        line: 2,
        column: 'termSourcedIds',
        message: "termSourcedIds = 'T9' does not reference any sourcedId in academicSessions.csv",
      },
    },
    {
      name: 'a class whose school is a district',
      files: oneRosterWith('classes.csv', 0, 'schoolSourcedId', 'D1'),
      expected: {
        file: 'classes.csv',
        line: 2,
        column: 'schoolSourcedId',
        message: "schoolSourcedId = 'D1' references an org of type 'district', not a school",
      },
    },
    {
      name: 'a bad date',
      files: oneRosterWith('academicSessions.csv', 1, 'endDate', '2024-02-30'),
      expected: {
        file: 'academicSessions.csv',
        line: 3,
        column: 'endDate',
        message: "endDate = '2024-02-30' is not a date YYYY-MM-DD",
      },
    },
    {
      name: 'a period ending before it starts',
      files: oneRosterWith('enrollments.csv', 1, 'endDate', '2024-01-01'),
      expected: { file: 'enrollments.csv', line: 3, column: 'endDate', message: 'is before beginDate' },
    },
    {
      name: 'a bad school year',
      files: oneRosterWith('academicSessions.csv', 0, 'schoolYear', '24-25'),
      expected: { file: 'academicSessions.csv', line: 2, column: 'schoolYear', message: 'is not a year YYYY' },
    },
    {
      name: 'a bad enumeration value',
      files: oneRosterWith('classes.csv', 0, 'classType', 'lecture'),
      expected: {
        file: 'classes.csv',
        line: 2,
        column: 'classType',
        message: "classType = 'lecture' is not one of homeroom, scheduled",
      },
    },
    {
      name: 'a bad sourcedId in a list',
      files: oneRosterWith('users.csv', 1, 'orgSourcedIds', 'S1,D 1'),
      expected: { file: 'users.csv', line: 3, column: 'orgSourcedIds', message: "orgSourcedIds = 'D 1' is not a sourcedId" },
    },
    {
      name: 'an empty item in a list',
      files: oneRosterWith('users.csv', 1, 'orgSourcedIds', 'S1,'),
      expected: { file: 'users.csv', line: 3, column: 'orgSourcedIds', message: 'holds an empty item' },
    },
    {
      name: 'a repeated sourcedId',
      files: oneRosterArchive((rows) => rows['orgs.csv'].push(['S1', '', '', 'Autre', 'school', '', ''])),
      expected: { file: 'orgs.csv', line: 4, column: 'sourcedId', message: "sourcedId = 'S1' is already used at orgs.csv:3" },
    },
    {
      name: 'a bad password policy',
      files: oneRosterWith('users.csv', 0, ONEROSTER_PASSWORD_POLICY_COLUMN, '5'),
      expected: { file: 'users.csv', line: 2, column: ONEROSTER_PASSWORD_POLICY_COLUMN, message: 'is not one of 4, 6, 8' },
    },
    {
      name: 'a carriage return in a quoted field',
      files: {
        ...oneRosterArchive(),
        'courses.csv': oneRosterArchive()['courses.csv']?.replace('"Mathématiques 6e"', '"Mathématiques\r6e"') ?? '',
      },
      expected: { file: 'courses.csv', line: 2, column: null, message: 'holds a line break' },
    },
  ];

  it.each(cases)('reports $name', ({ files, expected }) => {
    expectOnly(validateOneRosterArchive(files), expected);
  });
});

describe('the CSV reader and the problem format', () => {
  it('reads quoted fields with doubled quotes and a last line without line end', () => {
    const problems: RosterProblem[] = [];
    expect(readRosterCsv('a.csv', 'a,b\n"x, ""y""",\n"",z', problems)?.rows).toEqual([
      { line: 2, fields: ['x, "y"', ''] },
      { line: 3, fields: ['', 'z'] },
    ]);
    expect(problems).toEqual([]);
  });

  it('formats a problem as Claris does', () => {
    expect(
      formatProblem({
        file: 'staff.csv',
        line: 3,
        column: 'location_id',
        message: "location_id = '10' does not reference any location_id in locations.csv",
      }),
    ).toBe("staff.csv:3 - location_id = '10' does not reference any location_id in locations.csv");
    expect(formatProblem({ file: 'rosters.csv', line: null, column: null, message: 'is missing' })).toBe(
      'rosters.csv - is missing',
    );
  });
});
