import type { apps } from '@console/contract';

/**
 * The catalogue platform of each publisher: its applications are the ones whose tokens the
 * publisher checks (platform ids as seeded in the catalogue: EDULIB and LLS2020).
 */
export const PUBLISHER_PLATFORMS: Record<apps.Publisher, string> = {
  edulib: 'EDULIB',
  'le-livre-scolaire': 'LLS2020',
};

/** A sync target from the path: `all`, or a UAI in upper case. */
export function readSyncTarget(target: string): { kind: 'all' } | { kind: 'school'; uai: string } {
  return target.toLowerCase() === 'all' ? { kind: 'all' } : { kind: 'school', uai: target.toUpperCase() };
}

export type TokenCounts = { valid: number; invalid: number; unchecked: number };

/** How many accesses are valid, in error, never checked: what the audit log keeps of a sync. */
export function countTokenStatuses(statuses: (string | null)[], validValue: string): TokenCounts {
  const counts: TokenCounts = { valid: 0, invalid: 0, unchecked: 0 };
  for (const status of statuses) {
    if (status === null) counts.unchecked++;
    else if (status === validValue) counts.valid++;
    else counts.invalid++;
  }
  return counts;
}
