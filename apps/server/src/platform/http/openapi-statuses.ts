import type { ERROR_STATUS, ErrorCode, RouteDescriptor } from '@console/contract';
import { STATE_CHANGING_METHODS } from './same-origin.js';

/** A status the error handler answers with the error body `{code, message, details}`. */
export type ErrorStatus = (typeof ERROR_STATUS)[ErrorCode];

/** What one route gives beside what every route of its shape gives (`errorStatusesOf`). */
export type RouteStatuses = {
  /** Error statuses its service throws. */
  errors?: readonly ErrorStatus[];
  /** Statuses beside 200 that carry the route's answer schema, with what each means. */
  answers?: Readonly<Record<number, string>>;
  /**
   * Never `database_unavailable`: registered `withoutSession` and let through the hook that
   * answers 503 while the database is down (platform/health/health.routes.ts).
   */
  withoutDatabase?: true;
};

/**
 * The statuses only a route's own service gives, keyed by operationId, read from the services
 * (the file each comes from in the comment). A route that is not listed gives only the general
 * statuses. 404 is what a school or user outside the caller's reach answers, like an unknown one
 * (docs/conventions.md, "Rights"); 409 a state that refuses the change. The unit test checks that every
 * key names a contract route.
 */
export const ROUTE_STATUSES: Readonly<Record<string, RouteStatuses>> = {
  // auth.service.ts: invalid_credentials, account_locked, too_many_attempts (address throttling).
  'auth.login': { errors: [401, 423, 429] },
  'auth.loginWithToken': { errors: [401, 423, 429] },
  'auth.unlockAccount': { errors: [404] },
  'auth.regenerateLinkToken': { errors: [404] },
  // health.routes.ts: readiness answers 503 with its own body while the database is away.
  'health.getHealth': { withoutDatabase: true },
  'health.getReady': {
    withoutDatabase: true,
    answers: { 503: 'Unavailable: the database cannot be reached (status `unavailable`); retry after `Retry-After` seconds.' },
  },
  // platform/auth/access.ts (users out of reach), users-grid, users-bin, add-user, user-edit, user-patch, users-undo services.
  // settings/token-purges/token-purges.service.ts: a purge task that does not exist.
  'settings.updatePurgeTask': { errors: [404] },
  'settings.deletePurgeTask': { errors: [404] },
  'users.getColumnDefinitions': { errors: [404] },
  'users.decryptPasswords': { errors: [404] },
  'users.getUser': { errors: [404] },
  'users.updateUser': { errors: [404, 409] },
  'users.patchUser': { errors: [404, 409] },
  'users.createUser': { errors: [404, 409] },
  'users.setUsersDisabled': { errors: [404] },
  'users.deleteUsers': { errors: [404, 409] },
  'users.listBin': { errors: [404] },
  'users.restoreUsers': { errors: [404, 409] },
  'users.bulkUpdateUsers': { errors: [404] },
  'users.undoBulkUpdate': { errors: [404, 409] },
  'users.getUsersPlatforms': { errors: [404] },
  'users.mailUsers': { errors: [404] },
  // pne-activation.service.ts: 207 when the PNE service rejected some keys.
  'users.activatePneKeys': { errors: [404], answers: { 207: 'Multi-Status: some keys were rejected; the answer says which.' } },
  // apps token-sync and token-report services; single-sign-on.service.ts: 400 email_required.
  'apps.syncTokens': { errors: [404] },
  'apps.tokenReport': { errors: [404] },
  'apps.supportSignOn': { errors: [400] },
  'apps.catalogueSignOn': { errors: [400] },
  // schools.service.ts: 409 for a UAI taken, or a school that still has users.
  'schools.getStatistics': { errors: [404] },
  'schools.getSchool': { errors: [404] },
  'schools.getSchoolUsers': { errors: [404] },
  'schools.getSchoolApplications': { errors: [404] },
  'schools.createSchool': { errors: [409] },
  'schools.deleteSchool': { errors: [404, 409] },
  // school-settings.service.ts and contact.service.ts: a school unknown or out of reach (404; adminTabs and the logo's profile: 403).
  'schoolSettings.getSchoolParams': { errors: [404] },
  'schoolSettings.updateSchoolParams': { errors: [404] },
  'schoolSettings.revealSchoolSecret': { errors: [404] },
  'schoolSettings.getSchoolContact': { errors: [404] },
  'schoolSettings.updateSchoolContact': { errors: [404] },
  'schoolSettings.replaceSchoolLogo': { errors: [404] },
  // features/files/local-storage.routes.ts: the embedded storage's end of a signed POST, answered as S3 answers it.
  // imports/verify/verify-import.ts (a school out of reach; a teaching import without adminTabs; a file over the size limit; not multipart)
  // and confirm/confirm-import.ts (an import not the caller's; already decided; the school changed since the verification).
  'imports.verifyImport': { errors: [403, 404, 413, 415] },
  'imports.confirmImport': { errors: [403, 404, 409] },
  'imports.applyUpdateImport': { errors: [404, 409] },
  'imports.applyTeachingImport': { errors: [403, 404, 409] },
  // imports/rollback/history.ts (a school unknown or out of reach) and rollback/rollback-import.ts (an import not the caller's;
  // a teaching import without adminTabs; not applied, past its window, or a login to give back taken since).
  'imports.listImports': { errors: [404] },
  'imports.rollBackImport': { errors: [403, 404, 409] },
  // exports/export-selection.ts: the item's own right (403), the school and users in reach (404); exports.service.ts: a platform without an export (400).
  'userExports.exportUsers': { errors: [403, 404] },
  'userExports.exportPlatform': { errors: [403, 404] },
  'userExports.exportTeaching': { errors: [403, 404] },
  'userExports.getAppliUrlWeb': { errors: [403, 404] },
  'userExports.getMajExport': { errors: [403, 404] },
  // exports/rosters/roster-archives.service.ts: no location id, or an archive failing the validator (409).
  'userExports.exportAsm': { errors: [403, 404, 409] },
  'userExports.exportOneRoster': { errors: [403, 404, 409] },
  // platform/auth/user-selection.ts: the school and users in reach (404).
  'sheets.generateSheets': { errors: [404] },
  'files.storeUpload': {
    errors: [400, 403, 413, 415],
    answers: { 204: 'No Content: the file is stored under the ticket’s key.' },
  },
  // workflows.service.ts: 409 when Dolibarr is the source of quote statuses.
  'workflows.getSchoolWorkflow': { errors: [404] },
  'workflows.updateSchoolWorkflow': { errors: [404] },
  'workflows.getQuoteStatus': { errors: [404] },
  'workflows.setQuoteStatus': { errors: [404, 409] },
};

/**
 * The error statuses a route can answer, from what the platform does with its descriptor, then
 * what its own service adds (ROUTE_STATUSES):
 * - 400 `validation_failed` (or `bad_request` for a malformed body) when it takes params, a query
 *   or a body, which the schemas and the text rule of register-route.ts check, or an
 *   Idempotency-Key header (idempotency.ts).
 * - 401 `unauthenticated` unless public: register-route.ts refuses a request without a session.
 * - 403 `forbidden` when it names a rights area (requireRight), and `cross_site_request` for every
 *   POST, PUT, PATCH and DELETE, public ones included (same-origin.ts).
 * - 409 `conflict` and 422 `idempotency_key_reused` when it sends something outside
 *   (idempotency.ts: a repeat while the first runs, a key reused for another request).
 * - 413 `payload_too_large` and 415 `unsupported_media_type` when it takes a body (Fastify's body
 *   limit and parsers, mapped by the error handler).
 * - 500 `internal_error` for every route: the error handler's answer to anything unexpected.
 * - 503 `database_unavailable` for every route but the health checks (`withoutDatabase`); the
 *   503 `service_unavailable` of routes reaching an outside service shares that status.
 * 404, 423 and 429 come from services only, so they are listed per route, as are the 400, 401
 * and 409 of a route whose shape does not already give them.
 */
export function errorStatusesOf(route: RouteDescriptor, operationId: string): ErrorStatus[] {
  const own = ROUTE_STATUSES[operationId] ?? {};
  const statuses = new Set<ErrorStatus>(own.errors);
  if (route.params || route.query || route.body || route.sendsOutside) statuses.add(400);
  if (route.right !== 'public') statuses.add(401);
  if (typeof route.right === 'object' || STATE_CHANGING_METHODS.has(route.method)) statuses.add(403);
  if (route.sendsOutside) {
    statuses.add(409);
    statuses.add(422);
  }
  if (route.body) {
    statuses.add(413);
    statuses.add(415);
  }
  statuses.add(500);
  if (!own.withoutDatabase) statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}
