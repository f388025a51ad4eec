import type { SchoolListItem } from '@console/contract';

/** The picker label of a school: 'UAI - Nom - Commune' (its first 8 characters are the UAI). */
export function schoolLabelOf(school: Pick<SchoolListItem, 'UAI' | 'Nom' | 'Commune'>): string {
  return [school.UAI, school.Nom, school.Commune].filter(Boolean).join(' - ');
}
