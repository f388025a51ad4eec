import { describe, expect, it } from 'vitest';
import { readRosterCsv } from './roster-csv-reader.js';
import { formatProblem, type RosterProblem } from './roster-validator.js';

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
