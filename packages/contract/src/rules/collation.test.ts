import { describe, expect, it } from 'vitest';
import { compareFrench, isSameText } from './collation.js';

describe('the French order of texts', () => {
  it('reads letters before accents and case, and numbers by value', () => {
    expect(['GARÇON', 'ZOLA', 'GAËTAN', 'Élodie', 'BENALI', 'émile'].sort(compareFrench)).toEqual([
      'BENALI',
      'Élodie',
      'émile',
      'GAËTAN',
      'GARÇON',
      'ZOLA',
    ]);
    expect(['10A', '6B', '6A', '3e'].sort(compareFrench)).toEqual(['3e', '6A', '6B', '10A']);
  });

  it('tells texts the same but for accents and case', () => {
    expect(isSameText('Théâtre', 'theatre')).toBe(true);
    expect(isSameText('Théâtre', 'Théâtres')).toBe(false);
  });

  it('orders texts equal but for accents or case the same way every time', () => {
    expect(['Gaëtan', 'GAETAN', 'gaetan'].sort(compareFrench)).toEqual(['GAETAN', 'Gaëtan', 'gaetan']);
    expect(['gaetan', 'Gaëtan', 'GAETAN'].sort(compareFrench)).toEqual(['GAETAN', 'Gaëtan', 'gaetan']);
  });
});
