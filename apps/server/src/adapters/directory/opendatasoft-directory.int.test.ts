import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeEducationDirectory, type DirectoryMode, type FakeEducationDirectory } from '#test/fakes/education-directory.js';
import { createOpendatasoftDirectory } from './opendatasoft-directory.js';
import { DirectoryUnavailableError, type SchoolDirectory } from './school-directory.js';

let fake: FakeEducationDirectory;
let directory: SchoolDirectory;
const TIMEOUT_MS = 1_000;

beforeAll(async () => {
  fake = await startFakeEducationDirectory({ slowMs: 6_000 });
  directory = createOpendatasoftDirectory({ baseUrl: fake.url, timeoutMs: TIMEOUT_MS });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.setMode('normal');
  fake.requests.length = 0;
});

describe('education directory adapter', () => {
  it('asks the records endpoint for the ten fields, a suggest match per word and five results', async () => {
    await directory.searchSchools('lycée melun');
    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0]!;
    expect(sent.pathname).toBe('/api/explore/v2.1/catalog/datasets/fr-en-annuaire-education/records');
    expect(sent.searchParams.get('select')).toBe(
      'identifiant_de_l_etablissement,nom_etablissement,nom_commune,statut_public_prive,code_postal,libelle_departement,libelle_region,adresse_1,latitude,longitude',
    );
    expect(sent.searchParams.get('where')).toBe(
      '(suggest(nom_etablissement, "lycée") OR suggest(nom_commune, "lycée")) AND (suggest(nom_etablissement, "melun") OR suggest(nom_commune, "melun"))',
    );
    expect(sent.searchParams.get('limit')).toBe('5');
  });

  it('answers the matching schools with the ten fields, whatever the directory’s field types', async () => {
    expect(await directory.searchSchools('Léonard de vinci')).toEqual([
      {
        identifiant_de_l_etablissement: '0770934X',
        nom_etablissement: 'Lycée polyvalent Léonard de Vinci',
        nom_commune: 'Melun',
        statut_public_prive: 'Public',
        code_postal: '77000',
        libelle_departement: 'Seine-et-Marne',
        libelle_region: 'Ile-de-France',
        adresse_1: '2 bis rue Edouard Branly',
        latitude: 48.55108679994959,
        longitude: 2.659903143940967,
      },
      {
        identifiant_de_l_etablissement: '0951045V',
        nom_etablissement: 'Collège Léonard de Vinci',
        nom_commune: 'Saint-Witz',
        statut_public_prive: 'Public',
        code_postal: '95470',
        libelle_departement: "Val-d'Oise",
        libelle_region: 'Ile-de-France',
        adresse_1: '8 avenue de la Gare',
        latitude: 49.0906,
        longitude: 2.5703,
      },
    ]);
    expect(await directory.searchSchools('besançon')).toMatchObject([
      { identifiant_de_l_etablissement: '0251230B', code_postal: '25000', latitude: 47.2378, longitude: 6.0241 },
    ]);
  });

  it('matches a town, a full UAI, and keeps at most five schools', async () => {
    expect((await directory.searchSchools('melun')).map((record) => record.identifiant_de_l_etablissement)).toEqual([
      '0770934X',
      '0771234Y',
    ]);
    expect((await directory.searchSchools('0771234y')).map((record) => record.nom_etablissement)).toEqual([
      'Collège Les Capucins',
    ]);
    expect(await directory.searchSchools('lycée')).toHaveLength(5);
  });

  it('drops the records whose UAI is not valid', async () => {
    const found = await directory.searchSchools('victor');
    expect(found.map((record) => record.identifiant_de_l_etablissement)).toEqual(['0251230B']);
  });

  it('escapes a double quote of the text, so that the directory reads it as text', async () => {
    const found = await directory.searchSchools('"les tilleuls');
    expect(fake.requests.at(-1)!.searchParams.get('where')).toContain('suggest(nom_etablissement, "\\"les")');
    expect(found.map((record) => record.nom_etablissement)).toEqual(['École élémentaire "Les Tilleuls"']);
    await expect(directory.searchSchools('x") OR ("')).resolves.toEqual([]);
  });

  it('answers nothing for a blank text without calling the directory', async () => {
    expect(await directory.searchSchools('   ')).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });

  it('answers nothing when the directory finds nothing', async () => {
    fake.setMode('empty');
    expect(await directory.searchSchools('vinci')).toEqual([]);
  });

  it('finds one school by its UAI, and nothing for an unknown or invalid one', async () => {
    expect(await directory.findSchool('0770934x')).toMatchObject({
      identifiant_de_l_etablissement: '0770934X',
      nom_commune: 'Melun',
    });
    expect(fake.requests.at(-1)!.searchParams.get('where')).toBe('identifiant_de_l_etablissement="0770934X"');
    expect(await directory.findSchool('0693284X')).toBeUndefined();
    const calls = fake.requests.length;
    expect(await directory.findSchool('0351234A')).toBeUndefined();
    expect(fake.requests).toHaveLength(calls);
  });

  it.each<[DirectoryMode, string]>([
    ['error', 'http_error'],
    ['rate-limited', 'rate_limited'],
    ['garbage', 'bad_answer'],
    ['wrong-shape', 'bad_answer'],
  ])('throws DirectoryUnavailableError when the directory is in %s mode', async (mode, reason) => {
    fake.setMode(mode);
    const failure = await directory.searchSchools('vinci').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DirectoryUnavailableError);
    expect((failure as DirectoryUnavailableError).reason).toBe(reason);
  });

  it('gives up past its timeout when the directory is slow', async () => {
    fake.setMode('slow');
    const started = performance.now();
    const failure = await directory.searchSchools('vinci').catch((error: unknown) => error);
    expect((failure as DirectoryUnavailableError).reason).toBe('timeout');
    expect(performance.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(performance.now() - started).toBeLessThan(4_000);
  });

  it('throws DirectoryUnavailableError when nothing listens', async () => {
    const stopped = await startFakeEducationDirectory();
    await stopped.close();
    const unreachable = createOpendatasoftDirectory({ baseUrl: stopped.url, timeoutMs: TIMEOUT_MS });
    const failure = await unreachable.searchSchools('vinci').catch((error: unknown) => error);
    expect((failure as DirectoryUnavailableError).reason).toBe('unreachable');
  });
});
