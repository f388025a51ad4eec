// Zod-free, so that the browser's API client reads reasons without loading the schemas.

/**
 * What the user is told about a refused request, beyond what its code says: a stable reason the
 * browser translates (in fr and en), with `details.params` filled into the text. An error's
 * `message` is English, for logs and integrators; no browser reads it. Field errors
 * (`details.fieldErrors`) are the contract's message keys, as its schemas give them.
 */
export const ERROR_REASONS = [
  // rights and reach
  'no_right',
  'target_above_caller',
  // users
  'self_delete',
  'self_disable',
  'not_disabled',
  'own_profile',
  'profile_not_assignable',
  'page_not_editable',
  'username_taken',
  'duplicate_option',
  'undo_unknown',
  'undo_expired',
  'duplicate_username',
  'pne_not_configured',
  'pne_unavailable',
  'pne_teachers_only',
  'mail_failed',
  // imports
  'import_file_required',
  'import_file_not_csv',
  'import_file_too_large',
  'import_file_too_heavy',
  'import_invalid',
  'import_not_pending',
  'import_stale',
  'import_wrong_mode',
  'import_not_applied',
  'import_rollback_expired',
  'import_rollback_login_taken',
  'ecole_directe_token_missing',
  'ecole_directe_token_invalid',
  'ecole_directe_school_unavailable',
  'ecole_directe_unavailable',
  // exports
  'export_platform_unknown',
  'export_location_missing',
  'export_archive_invalid',
  // a school's Apple School Manager server
  'asm_zip_invalid',
  'asm_server_missing',
  'asm_push_running',
  'sftp_offline',
  'sftp_timeout',
  'sftp_invalid_credentials',
  'sftp_address_refused',
  'sftp_host_key_changed',
  // sending something outside once (Idempotency-Key)
  'request_already_received',
  // sign-in
  'invalid_sign_in_link',
  'password_change_not_allowed',
  'unlock_not_allowed',
  'sign_in_link_profile',
  // schools, workflows, directory, single sign-on
  'uai_exists',
  'school_not_empty',
  'quote_source_external',
  'directory_unavailable',
  'sso_not_configured',
  'email_required',
] as const;
export type ErrorReason = (typeof ERROR_REASONS)[number];

/** Values a reason's text names (a count, a login). */
export type ErrorParams = Record<string, string | number>;
