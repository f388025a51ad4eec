import { schoolLevelOf, toSearchKey, type ProfileName } from '@console/contract';
import type { EcoleDirectePerson, EcoleDirecteRoster } from '#adapters/ecole-directe/index.js';

/** The header of the file an EcoleDirecte roster becomes: a new-users import's columns. */
export const ROSTER_HEADER = 'Profil;Nom;Prénom;Classe;Niveau';

/**
 * A person's key for telling whether the school has them already: profile and names as the user
 * search compares them (`toSearchKey`: without case nor accents), spaces collapsed.
 */
export function personKey(profile: ProfileName, lastname: string, firstname: string): string {
  const plain = (text: string) => toSearchKey(text).replace(/\s+/g, ' ').trim();
  return `${profile}\u0000${plain(lastname)}\u0000${plain(firstname)}`;
}

/** A field of the file: quoted when it holds the separator, a quote or a line break (quotes doubled). */
function field(text: string): string {
  const flat = text.replace(/[\r\n]+/g, ' ');
  return /[;"]/.test(flat) ? `"${flat.replaceAll('"', '""')}"` : flat;
}

/** The level a class's label starts with ('6EME A' → '6e', '2NDE 1' → '2nde'), or '' when it names none. */
export function levelOfClass(className: string | null): string {
  const first = className?.trim().split(/[\s-]+/)[0] ?? '';
  return (first !== '' && schoolLevelOf(first)) || '';
}

/**
 * The file of a new-users import for the people of a roster the school lacks (by `personKey`,
 * against `existing`), pupils then teachers in the roster's order, with their class and the
 * level it names; and how many lines it has. Lines are numbered as the import reads them: the
 * header is line 1.
 */
export function rosterFile(roster: EcoleDirecteRoster, existing: ReadonlySet<string>): { text: string; lines: number } {
  const rows: string[] = [];
  const add = (profile: ProfileName, person: EcoleDirectePerson) => {
    if (existing.has(personKey(profile, person.lastname, person.firstname))) return;
    const className = profile === 'Eleve' ? (person.className ?? '') : '';
    rows.push([profile, person.lastname, person.firstname, className, levelOfClass(className)].map(field).join(';'));
  };
  roster.pupils.forEach((person) => add('Eleve', person));
  roster.teachers.forEach((person) => add('Enseignant', person));
  return { text: [ROSTER_HEADER, ...rows].join('\r\n'), lines: rows.length };
}

/** Every person of a roster as a row of its download: profile, names, class, its level, EcoleDirecte's id. */
export function* rosterRows(roster: EcoleDirecteRoster): Generator<string[]> {
  for (const person of roster.pupils)
    yield ['Eleve', person.lastname, person.firstname, person.className ?? '', levelOfClass(person.className), person.id];
  for (const person of roster.teachers) yield ['Enseignant', person.lastname, person.firstname, '', '', person.id];
}

/** The file with the given lines emptied: the import skips them and numbers the others as before. */
export function withoutLines(text: string, lineNumbers: ReadonlySet<number>): string {
  return text
    .split('\r\n')
    .map((line, index) => (lineNumbers.has(index + 1) ? '' : line))
    .join('\r\n');
}
