/**
 * The Apple School Manager and OneRoster 1.1 archives (issue 16, spec 3 §9,
 * docs/external-formats.md §1–§2): their files, each file's header in the order
 * Apple's templates and the OneRoster 1.1 CSV tables give, and how a field is written. The
 * server writes them; `roster-validator.ts` checks an archive before it is offered.
 */

/** ASM's six files and their headers, in Apple's template order (docs/external-formats.md §1.2). */
export const ASM_HEADERS = {
  'locations.csv': ['location_id', 'location_name'],
  'students.csv': [
    'person_id',
    'person_number',
    'first_name',
    'middle_name',
    'last_name',
    'grade_level',
    'email_address',
    'sis_username',
    'password_policy',
    'location_id',
  ],
  'staff.csv': [
    'person_id',
    'person_number',
    'first_name',
    'middle_name',
    'last_name',
    'email_address',
    'sis_username',
    'location_id',
  ],
  'courses.csv': ['course_id', 'course_number', 'course_name', 'location_id'],
  'classes.csv': ['class_id', 'class_number', 'course_id', 'instructor_id', 'instructor_id_2', 'instructor_id_3', 'location_id'],
  'rosters.csv': ['roster_id', 'class_id', 'student_id'],
} as const;
export type AsmFileName = keyof typeof ASM_HEADERS;

/** ASM password policies: 4 (a four-digit code) for pupils; staff always have Apple's standard password (8). */
export const ASM_STUDENT_PASSWORD_POLICY = '4';
export const ASM_STAFF_PASSWORD_POLICY = '8';
export const ASM_PASSWORD_POLICIES = ['', '4', '6', '8'] as const;

/** OneRoster 1.1 data files the product writes, with their headers in the spec's order (docs/external-formats.md §2.5). */
export const ONEROSTER_HEADERS = {
  'orgs.csv': ['sourcedId', 'status', 'dateLastModified', 'name', 'type', 'identifier', 'parentSourcedId'],
  'users.csv': [
    'sourcedId',
    'status',
    'dateLastModified',
    'enabledUser',
    'orgSourcedIds',
    'role',
    'username',
    'userIds',
    'givenName',
    'familyName',
    'middleName',
    'identifier',
    'email',
    'sms',
    'phone',
    'agentSourcedIds',
    'grades',
    'password',
  ],
  'academicSessions.csv': [
    'sourcedId',
    'status',
    'dateLastModified',
    'title',
    'type',
    'startDate',
    'endDate',
    'parentSourcedId',
    'schoolYear',
  ],
  'courses.csv': [
    'sourcedId',
    'status',
    'dateLastModified',
    'schoolYearSourcedId',
    'title',
    'courseCode',
    'grades',
    'orgSourcedId',
    'subjects',
    'subjectCodes',
  ],
  'classes.csv': [
    'sourcedId',
    'status',
    'dateLastModified',
    'title',
    'grades',
    'courseSourcedId',
    'classCode',
    'classType',
    'location',
    'schoolSourcedId',
    'termSourcedIds',
    'subjects',
    'subjectCodes',
    'periods',
  ],
  'enrollments.csv': [
    'sourcedId',
    'status',
    'dateLastModified',
    'classSourcedId',
    'schoolSourcedId',
    'userSourcedId',
    'role',
    'primary',
    'beginDate',
    'endDate',
  ],
} as const;
export type OneRosterFileName = keyof typeof ONEROSTER_HEADERS;

/**
 * The extension column (OneRoster allows `metadata.*` columns appended at the right) that carries
 * each user's password policy, as ASM's: 4 for students, 8 for teachers.
 */
export const ONEROSTER_PASSWORD_POLICY_COLUMN = 'metadata.password_policy';

/** manifest.csv's header and the 1.1 data files it names (docs/external-formats.md §2.4). */
export const ONEROSTER_MANIFEST_HEADER = ['propertyName', 'value'] as const;
export const ONEROSTER_MANIFEST_FILES = [
  'academicSessions',
  'categories',
  'classes',
  'classResources',
  'courses',
  'courseResources',
  'demographics',
  'enrollments',
  'lineItems',
  'orgs',
  'resources',
  'results',
  'users',
] as const;

/** The roles the product writes (ASM's OneRoster accepts these two). */
export const ONEROSTER_ROLES = ['student', 'teacher'] as const;

/** How a roster file escapes: Apple's backslash (ASM) or none (OneRoster, RFC 4180). */
export type RosterEscaping = { appleBackslash: boolean };

const RFC_4180: RosterEscaping = { appleBackslash: false };

/**
 * One line of an archive's CSV file: comma-separated, LF-ended; a field is quoted when it holds a
 * comma or a space (Apple's rule). A field never holds a line break (CR and LF become spaces) nor
 * a double quote (it becomes an apostrophe): Apple escapes quotes with a backslash where OneRoster
 * (RFC 4180) doubles them, so that a file is read the same by both only without them. In an ASM
 * file a backslash is itself escaped as Apple documents (`b\c` is written `b\\c`), or Apple would
 * read it as the escape of the next character; OneRoster keeps it as it is.
 */
export function rosterCsvLine(fields: readonly string[], escaping: RosterEscaping = RFC_4180): string {
  return (
    fields
      .map((raw) => {
        const plain = raw.replace(/[\r\n]+/g, ' ').replaceAll('"', "'");
        const field = escaping.appleBackslash ? plain.replaceAll('\\', '\\\\') : plain;
        return /[, ]/.test(field) ? `"${field}"` : field;
      })
      .join(',') + '\n'
  );
}

/** A whole file of an archive: its header, then its rows; UTF-8 without a byte-order mark. */
export function rosterCsv(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  escaping: RosterEscaping = RFC_4180,
): string {
  return rosterCsvLine(header, escaping) + rows.map((row) => rosterCsvLine(row, escaping)).join('');
}
