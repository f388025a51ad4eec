import { computeUaiCheckLetter } from '@console/contract';
import type { DemoSchoolType } from '../../apps/server/src/platform/db/seed/catalogue.js';
import { normalizeLoginPart } from '../../apps/server/src/platform/db/seed/credentials.js';
import type { Random } from '../../apps/server/src/platform/db/seed/random.js';
import { TOWNS, type Town } from './towns.js';

export type BenchSchool = {
  uai: string;
  name: string;
  town: Town;
  extension: string;
  address: string;
  sector: 'Public' | 'Privé';
  type: DemoSchoolType;
  latitude: number;
  longitude: number;
  adminDuration: number;
  deployment: Record<string, unknown>;
  options: string[];
  levels: readonly string[];
  /** Relative size: users are spread over schools in proportion to it. */
  weight: number;
};

type Kind = {
  type: DemoSchoolType;
  short: string;
  share: number;
  size: number;
  levels: readonly string[];
  options: readonly string[];
};

const KINDS: readonly Kind[] = [
  {
    type: 'Collège',
    short: 'clg',
    share: 0.55,
    size: 1,
    levels: ['6e', '5e', '4e', '3e'],
    options: ['Latin', 'Grec', 'Espagnol LV2', 'Allemand LV2', 'Italien LV2', 'Section européenne', 'Chorale', 'Théâtre'],
  },
  {
    type: 'Lycée',
    short: 'lyc',
    share: 0.25,
    size: 1.4,
    levels: ['2nde', '1re', 'Tle'],
    options: [
      'Latin',
      'Grec',
      'Section européenne',
      'Spécialité Mathématiques',
      'Spécialité SES',
      'Spécialité NSI',
      'Espagnol LV2',
      'Allemand LV2',
    ],
  },
  {
    type: 'Lycée professionnel',
    short: 'lp',
    share: 0.12,
    size: 0.7,
    levels: ['2nde pro', '1re pro', 'Tle pro'],
    options: ['Anglais renforcé', 'Section sportive', 'Atelier numérique', 'Espagnol LV2'],
  },
  {
    type: 'École élémentaire',
    short: 'ecole',
    share: 0.08,
    size: 0.4,
    levels: ['CP', 'CE1', 'CE2', 'CM1', 'CM2'],
    options: ['Chorale', 'Anglais', 'Théâtre'],
  },
];

const PATRONS = [
  'Jean Moulin',
  'Victor Hugo',
  'Jules Ferry',
  'Marie Curie',
  'Jean Jaurès',
  'Louis Pasteur',
  'Simone Veil',
  'Albert Camus',
  'Émile Zola',
  'Jacques Prévert',
  'Paul Éluard',
  'George Sand',
  'Jean de La Fontaine',
  'Montesquieu',
  'Voltaire',
  'Colette',
  'Antoine de Saint-Exupéry',
  'Condorcet',
  'Jules Verne',
  'Jean Monnet',
  'Louise Michel',
  'Olympe de Gouges',
  'Aimé Césaire',
  'Gustave Eiffel',
  'Camille Claudel',
  'Joséphine Baker',
  'Lucie Aubrac',
  'Molière',
  'Henri Matisse',
  'Claude Debussy',
] as const;

const STREETS = [
  'rue de la République',
  'avenue Jean Jaurès',
  'boulevard Victor Hugo',
  'rue des Écoles',
  'chemin des Lilas',
  'rue Pasteur',
  'place de la Mairie',
  'allée des Tilleuls',
  'rue du Stade',
  'avenue de la Libération',
] as const;

/** Four digits per department: the most UAIs one department prefix can hold. */
const UAIS_PER_DEPARTMENT = 10_000;

function pickKind(random: Random): Kind {
  let draw = random.next();
  for (const kind of KINDS) {
    draw -= kind.share;
    if (draw < 0) return kind;
  }
  return KINDS[0] as Kind;
}

/**
 * `count` schools with unique, valid UAIs (department prefix of their town, 4 random digits, the
 * check letter), none in `existingUais`. Throws when the towns' departments cannot hold that many.
 */
export function generateBenchSchools(
  count: number,
  random: Random,
  existingUais: ReadonlySet<string> = new Set(),
): BenchSchool[] {
  const departments = new Set(TOWNS.map((town) => town.department));
  if (count + existingUais.size > departments.size * UAIS_PER_DEPARTMENT * 0.9) {
    throw new Error(
      `at most ${Math.floor(departments.size * UAIS_PER_DEPARTMENT * 0.9)} schools fit the benchmark towns' departments`,
    );
  }
  const used = new Set(existingUais);
  const perDepartment = new Map<string, number>();
  for (const uai of existingUais) perDepartment.set(uai.slice(0, 3), (perDepartment.get(uai.slice(0, 3)) ?? 0) + 1);
  const schools: BenchSchool[] = [];
  while (schools.length < count) {
    const town = random.pick(TOWNS);
    if ((perDepartment.get(town.department) ?? 0) >= UAIS_PER_DEPARTMENT * 0.9) continue;
    const digits = town.department + String(random.integer(0, UAIS_PER_DEPARTMENT - 1)).padStart(4, '0');
    const uai = digits + computeUaiCheckLetter(digits);
    if (used.has(uai)) continue;
    used.add(uai);
    perDepartment.set(town.department, (perDepartment.get(town.department) ?? 0) + 1);
    const kind = pickKind(random);
    const patron = random.pick(PATRONS);
    const lastWord = patron.split(' ').at(-1) ?? patron;
    schools.push({
      uai,
      name: `${kind.type} ${patron}`,
      town,
      extension: `${kind.short}-${normalizeLoginPart(lastWord)}-${schools.length + 1}`,
      address: `${random.integer(1, 180)} ${random.pick(STREETS)}`,
      sector: random.chance(0.75) ? 'Public' : 'Privé',
      type: kind.type,
      latitude: Number((town.latitude + (random.next() - 0.5) * 0.1).toFixed(5)),
      longitude: Number((town.longitude + (random.next() - 0.5) * 0.1).toFixed(5)),
      adminDuration: random.pick([0, 600, 1800, 3600]),
      deployment: random.chance(0.03) ? { ecoleDirecteApiKey: `bench-${uai.toLowerCase()}` } : {},
      options: random.sample(kind.options, random.integer(3, 6)),
      levels: kind.levels,
      weight: kind.size * (0.5 + random.next()),
    });
  }
  return schools;
}
