import { describe, expect, it } from 'vitest';
import { matchesEveryWord, normaliseSearchText } from './search-text';

describe('searching by what a user types', () => {
  it('folds accents and ligatures and case, as the contract does', () => {
    expect(normaliseSearchText('Lycée Œuvre du Cœur')).toBe('lycee oeuvre du coeur');
  });

  it('finds a school by words typed without their accents, in any order', () => {
    const haystack = normaliseSearchText('0693284V Collège Élise Rivet — Lyon');
    expect(matchesEveryWord(haystack, 'rivet college')).toBe(true);
    expect(matchesEveryWord(haystack, 'elise lycee')).toBe(false);
  });
});
