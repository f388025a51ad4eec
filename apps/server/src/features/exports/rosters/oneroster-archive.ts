import { userExports } from '@console/contract';
import type { RosterModel } from './roster-model.js';

/** The school year a date falls in: from 1 September to 31 August (its year is the one it ends in, as OneRoster's schoolYear). */
export function schoolYearOf(now: Date): { start: number; end: number } {
  const start = now.getUTCMonth() >= 8 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
  return { start, end: start + 1 };
}

/**
 * A OneRoster 1.1 bulk exchange (docs/external-formats.md §2): the data files the school has rows for, with
 * every column of the 1.1 tables in order, status and dateLastModified empty, LF; the manifest
 * names each 1.1 file, bulk when sent and absent otherwise (a file without rows is not allowed).
 * Users carry their password policy as ASM's (4 pupils, 8 teachers) in an extension column;
 * classes reference the school year as their term.
 */
export function oneRosterFiles(model: RosterModel, now: Date, product: { name: string; code: string }): Record<string, string> {
  const h = userExports.ONEROSTER_HEADERS;
  const school = model.location.id;
  const year = schoolYearOf(now);
  const sessionId = `${model.uai}-${year.end}`;
  const userRow = (person: RosterModel['students'][number], role: 'student' | 'teacher') => [
    person.id,
    '',
    '',
    person.enabled ? 'true' : 'false',
    school,
    role,
    person.login,
    '',
    person.firstName,
    person.lastName,
    '',
    person.login,
    person.email,
    '',
    '',
    '',
    '',
    '',
    role === 'student' ? userExports.ASM_STUDENT_PASSWORD_POLICY : userExports.ASM_STAFF_PASSWORD_POLICY,
  ];

  const tables: Record<userExports.OneRosterFileName, { header: readonly string[]; rows: string[][] }> = {
    'orgs.csv': { header: h['orgs.csv'], rows: [[school, '', '', model.location.name, 'school', model.uai, '']] },
    'users.csv': {
      header: [...h['users.csv'], userExports.ONEROSTER_PASSWORD_POLICY_COLUMN],
      rows: [
        ...model.students.map((student) => userRow(student, 'student')),
        ...model.teachers.map((teacher) => userRow(teacher, 'teacher')),
      ],
    },
    'academicSessions.csv': {
      header: h['academicSessions.csv'],
      rows: [
        [
          sessionId,
          '',
          '',
          `${year.start}-${year.end}`,
          'schoolYear',
          `${year.start}-09-01`,
          `${year.end}-08-31`,
          '',
          String(year.end),
        ],
      ],
    },
    'courses.csv': {
      header: h['courses.csv'],
      rows: model.classes.map((rosterClass) => [
        rosterClass.courseId,
        '',
        '',
        sessionId,
        rosterClass.name,
        rosterClass.name,
        '',
        school,
        '',
        '',
      ]),
    },
    'classes.csv': {
      header: h['classes.csv'],
      rows: model.classes.map((rosterClass) => [
        rosterClass.id,
        '',
        '',
        rosterClass.name,
        '',
        rosterClass.courseId,
        rosterClass.name,
        'homeroom',
        '',
        school,
        sessionId,
        '',
        '',
        '',
      ]),
    },
    'enrollments.csv': {
      header: h['enrollments.csv'],
      rows: model.classes.flatMap((rosterClass) => [
        ...rosterClass.teacherIds.map((id, index) => [
          `${rosterClass.id}-${id}`,
          '',
          '',
          rosterClass.id,
          school,
          id,
          'teacher',
          index === 0 ? 'true' : 'false',
          '',
          '',
        ]),
        ...rosterClass.studentIds.map((id) => [
          `${rosterClass.id}-${id}`,
          '',
          '',
          rosterClass.id,
          school,
          id,
          'student',
          '',
          '',
          '',
        ]),
      ]),
    },
  };

  const files: Record<string, string> = {};
  const sent = new Set<string>();
  for (const [fileName, table] of Object.entries(tables)) {
    if (table.rows.length === 0) continue;
    files[fileName] = userExports.rosterCsv(table.header, table.rows);
    sent.add(fileName.replace(/\.csv$/, ''));
  }
  files['manifest.csv'] = userExports.rosterCsv(userExports.ONEROSTER_MANIFEST_HEADER, [
    ['manifest.version', '1.0'],
    ['oneroster.version', '1.1'],
    ...userExports.ONEROSTER_MANIFEST_FILES.map((name) => [`file.${name}`, sent.has(name) ? 'bulk' : 'absent']),
    ['source.systemName', product.name],
    ['source.systemCode', product.code],
  ]);
  return files;
}
