import { describe, expect, it } from 'vitest';
import { rosterCsvLine } from './rosters.js';

describe('the roster CSV line', () => {
  it('escapes a backslash with a backslash in an ASM file, as Apple documents (issue 31 §4)', () => {
    expect(rosterCsvLine(["6'A, b\\c x", 'Zoé'], { appleBackslash: true })).toBe('"6\'A, b\\\\c x",Zoé\n');
  });

  it('keeps a backslash as it is in a OneRoster file (RFC 4180)', () => {
    expect(rosterCsvLine(["6'A, b\\c x", 'Zoé'])).toBe('"6\'A, b\\c x",Zoé\n');
  });

  it('never writes a line break or a double quote, which the two formats escape differently', () => {
    expect(rosterCsvLine(['say "hi"', 'two\r\nlines'], { appleBackslash: true })).toBe('"say \'hi\'","two lines"\n');
  });
});
