/**
 * The one order of texts a French user reads (names, classes, options, file names): letters
 * first, accents and case after them, so that 'GAËTAN' comes before 'GARÇON' and 'Élodie' before
 * 'Zoé' (a database's byte order puts every accented letter after 'Z'); numbers by value, so that
 * '6B' comes before '10A'. Texts equal in that order (Gaëtan, GAETAN) fall back to their code
 * points, so that a sort is the same wherever it runs. Every list, the grid and the sheets use it.
 */
const frenchCollator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

export function compareFrench(left: string, right: string): number {
  return frenchCollator.compare(left, right) || (left < right ? -1 : left > right ? 1 : 0);
}

/** Whether two texts are the same but for accents and case ('Théâtre' and 'theatre'): one name said twice. */
export function isSameText(left: string, right: string): boolean {
  return frenchCollator.compare(left, right) === 0;
}
