import { describe, expect, it } from 'vitest';
import { SCHOOL_LEVELS, schoolLevelOf } from './levels.js';

describe('schoolLevelOf', () => {
  it.each([
    ['6e', '6e'],
    ['6ème', '6e'],
    ['6EME', '6e'],
    ['Sixième', '6e'],
    ['2de', '2nde'],
    ['Seconde', '2nde'],
    ['1ère', '1re'],
    ['Première', '1re'],
    ['Terminale', 'Tle'],
    ['TLE', 'Tle'],
    ['CE 1', 'CE1'],
    ['c.m.2', 'CM2'],
    ['Grande section', 'GS'],
  ])('reads %s as %s', (text, level) => {
    expect(schoolLevelOf(text)).toBe(level);
  });

  it.each(['', '7e', 'Sixeme', 'CM3', 'Licence'])('knows no level %j', (text) => {
    expect(schoolLevelOf(text)).toBeNull();
  });

  it('reads every level as itself', () => {
    for (const level of SCHOOL_LEVELS) expect(schoolLevelOf(level)).toBe(level);
  });
});
