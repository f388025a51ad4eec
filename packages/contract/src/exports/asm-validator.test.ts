import { describe, expect, it } from 'vitest';
import { validateAsmArchive } from './roster-validator.js';
import { ASM_HEADERS } from './rosters.js';
import { asmArchive, asmWith, expectOnly, without, type Case } from './roster.test-support.js';

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
