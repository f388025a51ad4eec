export * from './http.js';
export * from './errors.js';
export * from './error-reasons.js';
export * from './ids.js';
export * from './messages.js';
export * from './rights.js';
export * from './rights-schema.js';
export * from './events.js';
export * from './rules/uai.js';
export * from './rules/password.js';
export * from './rules/search-key.js';
export * from './rules/names.js';
export * from './rules/generated-password.js';
export * from './rules/text.js';
export * from './rules/collation.js';
export * from './rules/levels.js';
export * from './rights-doc.js';
export * as auth from './auth/index.js';
export * as alerts from './alerts/index.js';
export * as clientConfig from './client-config/index.js';
export * as health from './health/index.js';
export * as directory from './directory/index.js';
export * as apps from './apps/index.js';
export type { SessionUser } from './auth/session-user.js';
export type { Alert } from './alerts/routes.js';
export type { ClientConfig } from './client-config/routes.js';
export * as schools from './schools/index.js';
export * as users from './users/index.js';
export type { School, SchoolApplication, SchoolListItem, SchoolPlatform, SchoolUser, Statistics } from './schools/schemas.js';
export type { UserSearchResult } from './users/search.js';
export type { ColumnDefinition, CellValue, GridColumn, ParsedColumnKey } from './users/grid.js';
export type {
  BinnedUser,
  BulkUpdate,
  Device,
  NewUser,
  NewUserValues,
  ProfileChoice,
  UserPage,
  UserPageApplication,
  UserPageUpdate,
  UserPatch,
  UserPlatforms,
} from './users/schemas.js';
export type { SelectedUser } from './users/bulk-menu.js';
export * as workflows from './workflows/index.js';
export * as settings from './settings/index.js';
export * as imports from './imports/index.js';
export * as files from './files/index.js';
export * as userExports from './exports/index.js';
export * as sheets from './sheets/index.js';
export * from './file-answer.js';
export type { CreateSchoolBody } from './schools/new-school.js';
// Zod-free refs of the first screen's routes, importable without their schemas.
export * from './auth/refs.js';
export * from './client-config/refs.js';
export * from './alerts/refs.js';
