import { describe, expect, it } from 'vitest';
import { SCHOOL_TEXT_LIMITS } from './limits.js';
import { createSchoolBodySchema, proposeExtension } from './new-school.js';

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

describe('the texts of a new school, bounded by SCHOOL_TEXT_LIMITS', () => {
  const text = (length: number) => 'x'.repeat(length);
  const directory = (state: object) =>
    createSchoolBodySchema.safeParse({
      uai: '0693284V',
      isEtabExist: true,
      state: { identifiant_de_l_etablissement: '0693284V', nom_etablissement: 'Collège', ...state },
    });
  const foreign = (state: object) =>
    createSchoolBodySchema.safeParse({
      uai: '9990001A',
      isEtabExist: false,
      state: { uai: '9990001A', name: 'École française', address: '1 rue de Paris', ...state },
    });

  it.each([
    ['name', directory, 'nom_etablissement', SCHOOL_TEXT_LIMITS.name],
    ['address', directory, 'adresse_1', SCHOOL_TEXT_LIMITS.address],
    ['city', directory, 'nom_commune', SCHOOL_TEXT_LIMITS.place],
    ['postal code', directory, 'code_postal', SCHOOL_TEXT_LIMITS.postalCode],
    ['status', directory, 'statut_public_prive', SCHOOL_TEXT_LIMITS.sector],
    ['foreign name', foreign, 'name', SCHOOL_TEXT_LIMITS.name],
    ['foreign address', foreign, 'address', SCHOOL_TEXT_LIMITS.address],
    ['foreign new city', foreign, 'nameOfCity', SCHOOL_TEXT_LIMITS.place],
  ] as const)('%s: %i characters at most', (_case, parse, field, max) => {
    const extra = field === 'nameOfCity' ? { idCountry: 5 } : {};
    expect(parse({ [field]: text(max), ...extra }).success).toBe(true);
    expect(parse({ [field]: text(max + 1), ...extra }).success).toBe(false);
  });
});
