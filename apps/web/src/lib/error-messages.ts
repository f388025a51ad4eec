import type { ErrorParams, ErrorReason } from '@console/contract';
import { ApiError } from './api';

/** What to tell the user about a failure: a translation key and the values its text names. */
export type UserMessage = { key: string; params: ErrorParams };

/**
 * The text of each reason the server gives (the contract's ERROR_REASONS): a Record, so that a
 * new reason does not compile until it has its text, which the locales test then finds in fr and en.
 */
const REASON_KEYS: Readonly<Record<ErrorReason, string>> = {
  no_right: 'users.actions.reasons.no_right',
  target_above_caller: 'global.errors.target_above_caller',
  self_delete: 'users.errors.self_delete',
  self_disable: 'users.errors.self_disable',
  not_disabled: 'users.errors.not_disabled',
  own_profile: 'users.errors.own_profile',
  profile_not_assignable: 'users.errors.profile_not_assignable',
  page_not_editable: 'users.errors.page_not_editable',
  username_taken: 'user_add.username_already_existing',
  duplicate_option: 'users.errors.duplicate_option',
  undo_unknown: 'users.errors.undo_unknown',
  undo_expired: 'users.errors.undo_expired',
  duplicate_username: 'users.errors.duplicate_username',
  pne_not_configured: 'users.errors.pne_not_configured',
  pne_unavailable: 'users.errors.pne_unavailable',
  pne_teachers_only: 'users.errors.pne_teachers_only',
  mail_failed: 'users.errors.mail_failed',
  import_file_required: 'imports.file_required',
  import_file_not_csv: 'imports.file_not_csv',
  import_file_too_large: 'imports.file_too_large',
  import_file_too_heavy: 'imports.file_too_heavy',
  import_invalid: 'imports.invalid',
  import_not_pending: 'imports.not_pending',
  import_stale: 'imports.stale',
  import_wrong_mode: 'imports.wrong_mode',
  import_not_applied: 'imports.not_applied',
  import_rollback_expired: 'imports.rollback_expired',
  import_rollback_login_taken: 'imports.rollback_login_taken',
  ecole_directe_token_missing: 'school_settings.ecole_directe.token_missing',
  ecole_directe_token_invalid: 'school_settings.ecole_directe.token_invalid',
  ecole_directe_school_unavailable: 'school_settings.ecole_directe.school_unavailable',
  ecole_directe_unavailable: 'school_settings.ecole_directe.unavailable',
  export_platform_unknown: 'table.csv.platform_error',
  export_location_missing: 'exports.location_missing',
  export_archive_invalid: 'exports.archive_invalid',
  asm_zip_invalid: 'school_settings.asm.errors.not_zip',
  asm_server_missing: 'school_settings.asm.errors.server_missing',
  asm_push_running: 'school_settings.asm.errors.push_running',
  sftp_offline: 'school_settings.asm.status.offline',
  sftp_timeout: 'school_settings.asm.status.timeout',
  sftp_invalid_credentials: 'school_settings.asm.status.invalid_credentials',
  sftp_address_refused: 'school_settings.asm.status.address_refused',
  sftp_host_key_changed: 'school_settings.asm.status.host_key_changed',
  request_already_received: 'global.errors.already_received',
  invalid_sign_in_link: 'global.errors.invalid_sign_in_link',
  password_change_not_allowed: 'not_allowed_to_update_password',
  unlock_not_allowed: 'global.errors.unlock_not_allowed',
  sign_in_link_profile: 'global.errors.sign_in_link_profile',
  uai_exists: 'school.errors.uai_exists',
  school_not_empty: 'school.errors.not_empty',
  quote_source_external: 'workflow.quote.read_only',
  directory_unavailable: 'schools.add.french.unavailable',
  sso_not_configured: 'global.errors.sso_not_configured',
  email_required: 'shell.needs_email',
};

/** The text of an error code when the server gives no reason. */
const CODE_KEYS: Readonly<Record<string, string>> = {
  forbidden: 'users.actions.reasons.no_right',
  not_found: 'global.errors.not_found',
  invalid_credentials: 'global.errors.invalid_logins',
  account_locked: 'global.errors.account_locked',
  too_many_attempts: 'global.errors.too_many_attempts',
  not_allowed_to_update_password: 'not_allowed_to_update_password',
  invalid_current_password: 'invalid_current_password',
  database_unavailable: 'global.errors.unavailable',
  service_unavailable: 'global.errors.unavailable',
  network_error: 'global.errors.unavailable',
};

export const GENERIC_FAILURE = 'global.errors.occurred';

/**
 * What the user is told about a failed call: the reason the server gave, else what its code
 * means, else the generic failure (spec 3 §8 global.errors.occurred). Never the server's message,
 * which is English for logs.
 */
export function userMessageOf(error: unknown): UserMessage {
  if (!(error instanceof ApiError)) return { key: GENERIC_FAILURE, params: {} };
  return reportedMessageOf(error.reason ?? error.code, error.params);
}

/**
 * What to tell the user of a failure a report gives as an error answer would (`reason`, else
 * `code`, with the params): a background job's failure, read after the call that started it.
 */
export function reportedMessageOf(reasonOrCode: string | null, params: ErrorParams = {}): UserMessage {
  if (reasonOrCode !== null && Object.hasOwn(REASON_KEYS, reasonOrCode))
    return { key: REASON_KEYS[reasonOrCode as ErrorReason], params };
  return { key: (reasonOrCode !== null && CODE_KEYS[reasonOrCode]) || GENERIC_FAILURE, params: {} };
}

/** Every key this module may answer, for the locales test. */
export const USER_MESSAGE_KEYS: readonly string[] = [...Object.values(REASON_KEYS), ...Object.values(CODE_KEYS), GENERIC_FAILURE];
