import { withoutAccents } from '@console/contract';

export { generatePrintablePassword } from '@console/contract';

/** A name part as it appears in a login: lower case, no accents, only letters, digits and hyphens. */
export function normalizeLoginPart(value: string): string {
  return withoutAccents(value)
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

export type LoginAllocator = {
  /** Marks a login as used (case-insensitive), e.g. a demo account's fixed login. */
  reserve: (login: string) => void;
  /** `firstname.lastname`, then `firstname.lastname2`, `3`… on collision; never a used login. */
  allocate: (firstname: string, lastname: string) => string;
};

/**
 * Builds globally unique logins, compared case-insensitively as the database's unique index on
 * `lower(login)` does. Keeps the next suffix per base, so a million users stay linear.
 */
export function createLoginAllocator(): LoginAllocator {
  const used = new Set<string>();
  const nextSuffix = new Map<string, number>();
  return {
    reserve: (login) => {
      used.add(login.toLowerCase());
    },
    allocate: (firstname, lastname) => {
      const base = [normalizeLoginPart(firstname), normalizeLoginPart(lastname)].filter(Boolean).join('.') || 'utilisateur';
      let suffix = nextSuffix.get(base) ?? 1;
      let candidate = suffix === 1 ? base : base + suffix;
      while (used.has(candidate)) {
        suffix += 1;
        candidate = base + suffix;
      }
      nextSuffix.set(base, suffix + 1);
      used.add(candidate);
      return candidate;
    },
  };
}
