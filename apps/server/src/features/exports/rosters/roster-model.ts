import { createHash } from 'node:crypto';
import { compareFrench, profileNameOf, withoutAccents } from '@console/contract';
import type { UserRecord } from '#platform/auth/access.js';

/**
 * What the ASM and OneRoster archives say of a school, whichever the format: the location (the
 * school under its location id), its pupils and teachers among the selected users (other
 * profiles are not rostered), and a class per class name the pupils are in or the teachers teach
 * (each with a course of the same name), with its pupils and its teachers.
 *
 * Identifiers are stable from one export to the next (ASM overwrites a record whose id comes
 * again, docs/external-formats.md §1.2) and use only letters, digits and hyphens (ASM's rule, within
 * OneRoster's): a person is `U` and their user id; a class and its course are the school's UAI,
 * the class name in capitals without accents, and a short hash of the exact name (two names
 * written alike, as '6e A' and '6E-A', stay apart).
 */

export type RosterPerson = {
  id: string;
  login: string;
  firstName: string;
  lastName: string;
  level: string;
  email: string;
  enabled: boolean;
};

export type RosterClass = {
  id: string;
  courseId: string;
  name: string;
  /** Person ids of its teachers, by user id. */
  teacherIds: string[];
  /** Person ids of its pupils, in the selection's order. */
  studentIds: string[];
};

export type RosterModel = {
  uai: string;
  location: { id: string; name: string };
  students: RosterPerson[];
  teachers: RosterPerson[];
  classes: RosterClass[];
};

export const personIdOf = (userId: number) => `U${userId}`;

/** The identifier part of a class name: capitals, digits and single hyphens, and a hash of the exact name. */
export function classKeyOf(name: string): string {
  const slug = withoutAccents(name)
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  const hash = createHash('sha256').update(name).digest('hex').slice(0, 6).toUpperCase();
  return `${slug || 'CLASSE'}-${hash}`;
}

const personOf = (user: UserRecord): RosterPerson => ({
  id: personIdOf(user.id),
  login: user.login,
  firstName: user.firstname,
  lastName: user.lastname,
  level: user.level ?? '',
  email: user.email ?? '',
  enabled: !user.disabled,
});

/** The model of a school's archive for the selected users and the classes their teachers teach. */
export function buildRosterModel(
  school: { uai: string; name: string; locationId: string },
  users: readonly UserRecord[],
  teaching: readonly { user_id: number; class_name: string }[],
): RosterModel {
  const students = users.filter((user) => profileNameOf(user.profileId) === 'Eleve');
  const teachers = users.filter((user) => profileNameOf(user.profileId) === 'Enseignant');
  const teacherIds = new Set(teachers.map((teacher) => teacher.id));

  const classes = new Map<string, RosterClass>();
  const classOf = (name: string): RosterClass => {
    let found = classes.get(name);
    if (!found) {
      const key = classKeyOf(name);
      found = { id: `${school.uai}-${key}`, courseId: `${school.uai}-C-${key}`, name, teacherIds: [], studentIds: [] };
      classes.set(name, found);
    }
    return found;
  };
  for (const student of students) {
    const name = student.className?.trim();
    if (name) classOf(name).studentIds.push(personIdOf(student.id));
  }
  const taught = [...teaching].filter((row) => teacherIds.has(row.user_id)).sort((a, b) => a.user_id - b.user_id);
  for (const row of taught) {
    const rosterClass = classOf(row.class_name.trim());
    const id = personIdOf(row.user_id);
    if (!rosterClass.teacherIds.includes(id)) rosterClass.teacherIds.push(id);
  }

  return {
    uai: school.uai,
    location: { id: school.locationId, name: school.name },
    students: students.map(personOf),
    teachers: teachers.map(personOf),
    classes: [...classes.values()].sort((a, b) => compareFrench(a.name, b.name)),
  };
}
