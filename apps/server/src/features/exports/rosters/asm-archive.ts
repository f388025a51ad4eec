import { userExports } from '@console/contract';
import type { RosterModel } from './roster-model.js';

type Files = Record<userExports.AsmFileName, string>;

/** Apple's CSV: a backslash in a value escaped with a backslash (docs/external-formats.md §1.3). */
const APPLE: userExports.RosterEscaping = { appleBackslash: true };
const appleCsv = (header: readonly string[], rows: readonly (readonly string[])[]) => userExports.rosterCsv(header, rows, APPLE);

/**
 * The six files of an Apple School Manager upload (docs/external-formats.md §1.2–§1.3): Apple's headers in
 * Apple's order, UTF-8 without a byte-order mark, LF. Pupils get password policy 4; staff have
 * no such column (Apple gives them its standard password, policy 8). A class lists its first
 * three teachers (Apple's template has three instructor columns).
 */
export function asmFiles(model: RosterModel): Files {
  const h = userExports.ASM_HEADERS;
  const locationId = model.location.id;
  return {
    'locations.csv': appleCsv(h['locations.csv'], [[locationId, model.location.name]]),
    'students.csv': appleCsv(
      h['students.csv'],
      model.students.map((student) => [
        student.id,
        student.login,
        student.firstName,
        '',
        student.lastName,
        student.level,
        student.email,
        student.login,
        userExports.ASM_STUDENT_PASSWORD_POLICY,
        locationId,
      ]),
    ),
    'staff.csv': appleCsv(
      h['staff.csv'],
      model.teachers.map((teacher) => [
        teacher.id,
        teacher.login,
        teacher.firstName,
        '',
        teacher.lastName,
        teacher.email,
        teacher.login,
        locationId,
      ]),
    ),
    'courses.csv': appleCsv(
      h['courses.csv'],
      model.classes.map((rosterClass) => [rosterClass.courseId, rosterClass.name, rosterClass.name, locationId]),
    ),
    'classes.csv': appleCsv(
      h['classes.csv'],
      model.classes.map((rosterClass) => {
        const [first = '', second = '', third = ''] = rosterClass.teacherIds;
        return [rosterClass.id, rosterClass.name, rosterClass.courseId, first, second, third, locationId];
      }),
    ),
    'rosters.csv': appleCsv(
      h['rosters.csv'],
      model.classes.flatMap((rosterClass) =>
        rosterClass.studentIds.map((studentId) => [`${rosterClass.id}-${studentId}`, rosterClass.id, studentId]),
      ),
    ),
  };
}
