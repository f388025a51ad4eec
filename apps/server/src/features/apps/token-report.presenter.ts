import type { apps } from '@console/contract';
import type { TokenErrorGroup, TokenErrorUser } from './token-report.repository.js';

/** Nests the groups and their users into the report: school, then application, then users. */
export function presentTokenReport(groups: TokenErrorGroup[], errorUsers: TokenErrorUser[]): apps.TokenReportSchool[] {
  const usersByGroup = new Map<string, TokenErrorUser[]>();
  for (const user of errorUsers) {
    const key = `${user.uai}:${user.applicationId}`;
    const list = usersByGroup.get(key) ?? [];
    list.push(user);
    usersByGroup.set(key, list);
  }
  const report: apps.TokenReportSchool[] = [];
  for (const group of groups) {
    let school = report.at(-1);
    if (school?.uai !== group.uai) {
      school = { uai: group.uai, name: group.schoolName, applications: [] };
      report.push(school);
    }
    const listed = usersByGroup.get(`${group.uai}:${group.applicationId}`) ?? [];
    school.applications.push({
      idApplication: group.applicationId,
      name: group.applicationName,
      users: listed.map((user) => ({ Nom: user.lastname, Prenom: user.firstname, Login: user.login, Erreur: user.validToken })),
      total: group.total,
      truncated: listed.length < group.total,
    });
  }
  return report;
}
