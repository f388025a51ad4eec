import { describe, expect, it } from 'vitest';
import { proposeExtension } from './new-school.js';

describe('the login suffix proposed for a new school', () => {
  it.each([
    ['Collège Jean Moulin', 'college-jean-moulin'],
    ["Lycée Saint-Exupéry d'Œuvre", 'lycee-saint-exupery-d-oeuvre'],
    ['  École   élémentaire  ', 'ecole-elementaire'],
    ['Cité scolaire Île-de-Ré (site 2)', 'cite-scolaire-ile-de-re-site-2'],
    ['Cité scolaire internationale de Lyon', 'cite-scolaire-internationale-d'], // 30 characters at most
  ])('%s → %s', (name, extension) => {
    expect(proposeExtension(name)).toBe(extension);
  });
});
