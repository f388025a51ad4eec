import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RIGHTS, hasRight, PROFILE_NAMES, RIGHT_AREAS, signsInByLink } from './rights.js';
import { renderRightsDoc } from './rights-doc.js';

describe('rights', () => {
  it('gives every profile a complete map', () => {
    for (const profile of PROFILE_NAMES) expect(Object.keys(DEFAULT_RIGHTS[profile]).sort()).toEqual([...RIGHT_AREAS].sort());
  });

  it('never grants Ecriture without Lecture', () => {
    for (const profile of PROFILE_NAMES)
      for (const area of RIGHT_AREAS) {
        const entry = DEFAULT_RIGHTS[profile][area];
        if (entry.Ecriture === 1) expect(entry.Lecture).toBe(1);
      }
  });

  it.each([
    ['Administrateur', 'NavBar_addEtablissement', true],
    ['Gestionnaire', 'NavBar_addEtablissement', false],
    ['Gestionnaire', 'Overview', false],
    ['Administrateur établissement', 'adminTabs', false],
    ['Administrateur établissement', 'Table', true],
    ['Enseignant', 'Table', false],
    ['Enseignant', 'UserPage_Teaching', true],
    ['Eleve', 'UserPage_Teaching', false],
    ['Eleve', 'UserPage_Profile', true],
  ] as const)('%s reads %s: %s', (profile, area, expected) => {
    expect(hasRight(DEFAULT_RIGHTS[profile], area)).toBe(expected);
  });

  it('treats an absent entry as allowed, as the spec says', () => {
    expect(hasRight({}, 'Table', 'Ecriture')).toBe(true);
    expect(hasRight({ Table: { Lecture: 1, Ecriture: 0 } }, 'Table', 'Ecriture')).toBe(false);
  });

  it('is documented in docs/rights.md (npm run docs)', () => {
    expect(readFileSync(new URL('../../../docs/rights.md', import.meta.url), 'utf8')).toBe(renderRightsDoc());
  });

  it.each([
    ['Eleve', true],
    ['Enseignant', true],
    ['Administrateur établissement', false],
    ['Gestionnaire', false],
    ['Administrateur', false],
  ] as const)('signs in by link: %s → %s', (profile, expected) => {
    expect(signsInByLink(profile)).toBe(expected);
  });
});
