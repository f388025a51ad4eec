/**
 * What the import check says of a file (spec 3 §3, §8: error items carry `msg`): a message key, the
 * line of the file it is about (1 is the header line) and the column, with the values the message
 * names. Messages are translation keys under `imports.errors`.
 */
export type ImportProblem = { msg: string; line: number; field: string | null; params?: Record<string, string | number> };

export const IMPORT_ERRORS = {
  missingColumn: 'imports.errors.missing_column',
  missingKeyColumn: 'imports.errors.missing_key_column',
  unknownColumn: 'imports.errors.unknown_column',
  duplicateColumn: 'imports.errors.duplicate_column',
  columnNotInMode: 'imports.errors.column_not_in_mode',
  required: 'imports.errors.required',
  tooLong: 'imports.errors.too_long',
  unknownProfile: 'imports.errors.unknown_profile',
  profileNotImportable: 'imports.errors.profile_not_importable',
  unknownLevel: 'imports.errors.unknown_level',
  invalidFlag: 'imports.errors.invalid_flag',
  invalidEmail: 'imports.errors.invalid_email',
  invalidUserId: 'imports.errors.invalid_user_id',
  otherSchool: 'imports.errors.other_school',
  duplicateLogin: 'imports.errors.duplicate_login',
  duplicateUser: 'imports.errors.duplicate_user',
  duplicateOption: 'imports.errors.duplicate_option',
  unsafeText: 'imports.errors.unsafe_text',
  tooManyCells: 'imports.errors.too_many_cells',
  unclosedQuote: 'imports.errors.unclosed_quote',
  // Against the school (the server's checks).
  loginTaken: 'imports.errors.login_taken',
  unknownUser: 'imports.errors.unknown_user',
  userNotActionable: 'imports.errors.user_not_actionable',
  profileNotAssignable: 'imports.errors.profile_not_assignable',
  notTeacher: 'imports.errors.not_teacher',
  weakPassword: 'imports.errors.weak_password',
  unknownApplication: 'imports.errors.unknown_application',
  noLines: 'imports.errors.no_lines',
  // The file as a whole (the CSV reader's failures).
  emptyFile: 'imports.errors.empty',
  notText: 'imports.errors.not_text',
  spreadsheet: 'imports.errors.spreadsheet',
  noHeader: 'imports.errors.no_header',
  tooManyLines: 'imports.errors.too_many_lines',
  duplicateHeader: 'imports.errors.duplicate_header',
} as const;
