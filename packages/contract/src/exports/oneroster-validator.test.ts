import { describe, expect, it } from 'vitest';
import { validateOneRosterArchive } from './roster-validator.js';
import { ONEROSTER_PASSWORD_POLICY_COLUMN } from './rosters.js';
import { expectOnly, manifest, oneRosterArchive, oneRosterWith, without, type Case, type Files } from './roster.test-support.js';

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
