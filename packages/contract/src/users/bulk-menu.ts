import { assignDocumentUsers } from '../documents/routes.js';
import { notifyUsers } from '../notifications/routes.js';
import { areaRightOf, type AreaRight } from '../http.js';
import type { RightArea } from '../rights.js';
import type { SchoolUser } from '../schools/schemas.js';
import { activatePneKeys, bulkUpdateUsers, mailUsers } from './routes.js';
import { BULK_RIGHTS } from './rules.js';

/**
 * When the users view's buttons and bulk menu items are enabled (spec 3 §4, §5 "Bulk menu
 * enablement"), as pure functions of the selection; the server refuses the same cases.
 */

export type SelectedUser = Pick<SchoolUser, 'id' | 'profile' | 'disabled' | 'adminMode' | 'email' | 'applications'>;

/** PDF hard limits (spec 3 §9). */
export const PDF_MAX_USERS = 1000;
export const PDF_UNITARY_MAX_USERS = 100;

export type EnableDisableState =
  { action: 'disable' | 'enable'; reason: null } | { action: null; reason: 'empty' | 'mixed' | 'self' };

/**
 * Disable when every selected user is active, enable when every one is disabled; nothing for an
 * empty or mixed selection, nor when the selection holds the caller (`self`).
 */
export function enableDisableState(selected: readonly SelectedUser[], selfId: number): EnableDisableState {
  if (selected.length === 0) return { action: null, reason: 'empty' };
  if (selected.some((user) => user.id === selfId)) return { action: null, reason: 'self' };
  if (selected.every((user) => !user.disabled)) return { action: 'disable', reason: null };
  if (selected.every((user) => user.disabled)) return { action: 'enable', reason: null };
  return { action: null, reason: 'mixed' };
}

export type DeleteState = { allowed: true; reason: null } | { allowed: false; reason: 'empty' | 'not_disabled' | 'self' };

/** Delete only when every selected user is disabled, and never oneself. */
export function deleteState(selected: readonly SelectedUser[], selfId: number): DeleteState {
  if (selected.length === 0) return { allowed: false, reason: 'empty' };
  if (selected.some((user) => user.id === selfId)) return { allowed: false, reason: 'self' };
  if (!selected.every((user) => user.disabled)) return { allowed: false, reason: 'not_disabled' };
  return { allowed: true, reason: null };
}

/** The bulk profile change: only when every selected user is a pupil or a teacher. */
export function canBulkChangeProfile(selected: readonly SelectedUser[]): boolean {
  return selected.length > 0 && selected.every((user) => user.profile === 'Eleve' || user.profile === 'Enseignant');
}

/** The Educadhoc application of a catalogue (by name), whose code the PNE activation sends. */
export function findEducadhocApplication<A extends { name: string; idApplication: number }>(
  applications: readonly A[],
): A | undefined {
  return applications.find((application) => application.name.toLowerCase() === 'educadhoc');
}

/** Whether a user has an Educadhoc code. */
export function hasEducadhocCode(user: Pick<SchoolUser, 'applications'>, educadhocApplicationId: number | undefined): boolean {
  if (educadhocApplicationId === undefined) return false;
  const code = user.applications[String(educadhocApplicationId)]?.code;
  return typeof code === 'string' && code.trim() !== '';
}

/** PNE key activation: only when every selected user is a teacher with an Educadhoc code. */
export function canActivatePne(selected: readonly SelectedUser[], educadhocApplicationId: number | undefined): boolean {
  return (
    selected.length > 0 &&
    selected.every((user) => user.profile === 'Enseignant' && hasEducadhocCode(user, educadhocApplicationId))
  );
}

/** The admin-mode toggle: only when every selected user has the same admin mode. */
export function canToggleAdminMode(selected: readonly SelectedUser[]): boolean {
  return selected.length > 0 && selected.every((user) => user.adminMode === selected[0]!.adminMode);
}

/** What the admin-mode toggle sets: 1, unless every selected user already has 1, then 0. */
export function nextAdminMode(selected: readonly SelectedUser[]): 0 | 1 {
  return selected.length > 0 && selected.every((user) => user.adminMode === 1) ? 0 : 1;
}

export type BulkOptionDraft = {
  userCount: number;
  action: 'insert' | 'update' | 'delete';
  /** The option to add, the new one of an update, or the one to delete. */
  optionCible: string;
  /** The option an update replaces. */
  optionSource?: string;
};

/** The bulk option form's confirm: off with no user, no option chosen, or an empty new option name. */
export function canConfirmBulkOption(draft: BulkOptionDraft): boolean {
  if (draft.userCount === 0) return false;
  if (draft.optionCible.trim() === '') return false;
  if (draft.action === 'update' && (draft.optionSource ?? '').trim() === '') return false;
  return true;
}

/** The bulk mail goes only to users who have an e-mail. */
export function mailRecipients<U extends Pick<SchoolUser, 'email'>>(selected: readonly U[]): U[] {
  return selected.filter((user) => typeof user.email === 'string' && user.email.trim() !== '');
}

export type PdfMode = 'default' | 'unitary' | 'class' | 'level';
export type PdfMenuState = { enabled: boolean; warning: null | 'maximum' | 'unitary_maximum' };

/** The PDF menu: off with no selection; a warning past 1000 users, or past 100 in unitary mode. */
export function pdfMenuState(selectedCount: number, mode: PdfMode): PdfMenuState {
  if (selectedCount === 0) return { enabled: false, warning: null };
  if (selectedCount > PDF_MAX_USERS) return { enabled: true, warning: 'maximum' };
  if (mode === 'unitary' && selectedCount > PDF_UNITARY_MAX_USERS) return { enabled: true, warning: 'unitary_maximum' };
  return { enabled: true, warning: null };
}

/** ASM and OneRoster exports need the school's location id (spec 3 §5). */
export function canExportAsm(locationId: string | null | undefined): boolean {
  return typeof locationId === 'string' && locationId.trim() !== '';
}

export type BulkMenuItem =
  | 'comment'
  | 'subject'
  | 'className'
  | 'level'
  | 'profile'
  | 'options'
  | 'applications'
  | 'files'
  | 'adminMode'
  | 'pne'
  | 'notification'
  | 'mail';

/**
 * The two rights of each bulk-menu item (spec 3 §6): its own area, which shows the item at
 * Lecture and lets it run at Ecriture, and the right of the route it calls. The server checks
 * both (the route's by `registerRoute`, the item's own for a bulk change by its service), so the
 * menu reads them here rather than listing them again.
 */
const BULK_ROUTE = areaRightOf(bulkUpdateUsers);
const PNE_ROUTE = areaRightOf(activatePneKeys);
const MAIL_ROUTE = areaRightOf(mailUsers);
const NOTIFY_ROUTE = areaRightOf(notifyUsers);
const FILES_ROUTE = areaRightOf(assignDocumentUsers);

export const BULK_MENU_RIGHTS: Record<BulkMenuItem, { area: RightArea; route: AreaRight }> = {
  comment: { area: BULK_RIGHTS.comment, route: BULK_ROUTE },
  subject: { area: BULK_RIGHTS.subject, route: BULK_ROUTE },
  className: { area: BULK_RIGHTS.className, route: BULK_ROUTE },
  level: { area: BULK_RIGHTS.level, route: BULK_ROUTE },
  profile: { area: BULK_RIGHTS.profile, route: BULK_ROUTE },
  options: { area: BULK_RIGHTS.opt, route: BULK_ROUTE },
  applications: { area: BULK_RIGHTS.app, route: BULK_ROUTE },
  files: { area: FILES_ROUTE.area, route: FILES_ROUTE },
  adminMode: { area: BULK_RIGHTS.adminMode, route: BULK_ROUTE },
  pne: { area: PNE_ROUTE.area, route: PNE_ROUTE },
  notification: { area: NOTIFY_ROUTE.area, route: NOTIFY_ROUTE },
  mail: { area: MAIL_ROUTE.area, route: MAIL_ROUTE },
};
