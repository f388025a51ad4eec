import { parseArgs } from 'node:util';

export type SeedLargeOptions = {
  schools: number;
  users: number;
  /** PGlite folder when DATABASE_URL is unset; undefined means the default one. */
  dataDirectory: string | undefined;
  append: boolean;
  seed: number;
};

export const SEED_LARGE_USAGE = `Usage: npm run seed:large -- [--schools N] [--users N] [--data-dir DIR] [--append] [--seed N]
  --schools   schools to create (default 2000)
  --users     users to create, spread over the new schools (default 1000000)
  --data-dir  embedded PGlite folder when DATABASE_URL is unset (default: the repository's data/)
  --append    add to a database that already holds schools or users
  --seed      pseudo-random seed, for reproducible names and spreads (default 1)`;

function positiveInteger(name: string, raw: string | undefined, fallback: number, minimum: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw.replace(/_/g, ''));
  if (!Number.isInteger(value) || value < minimum) throw new Error(`--${name} must be an integer ≥ ${minimum}, got '${raw}'`);
  return value;
}

/** Parses the command line; throws with a message naming the bad flag. */
export function parseSeedLargeArguments(argv: readonly string[]): SeedLargeOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      schools: { type: 'string' },
      users: { type: 'string' },
      'data-dir': { type: 'string' },
      append: { type: 'boolean', default: false },
      seed: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  const options: SeedLargeOptions = {
    schools: positiveInteger('schools', values.schools, 2000, 1),
    users: positiveInteger('users', values.users, 1_000_000, 0),
    dataDirectory: values['data-dir'],
    append: values.append ?? false,
    seed: positiveInteger('seed', values.seed, 1, 0),
  };
  return options;
}
