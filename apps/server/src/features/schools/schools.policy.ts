import { hasRight, type RightsMap } from '@console/contract';

/** A school may be deleted by who holds NavBar_addEtablissement at Ecriture, and only when it has no user. */
export function canDeleteSchool(rights: RightsMap, users: number): boolean {
  return users === 0 && hasRight(rights, 'NavBar_addEtablissement', 'Ecriture');
}

/** Statistics over every reachable school need the Overview right; one school's need Dashboard. */
export function canReadStatistics(rights: RightsMap, oneSchool: boolean): boolean {
  return oneSchool ? hasRight(rights, 'Dashboard', 'Lecture') : hasRight(rights, 'Overview', 'Lecture');
}
