import { setTimeout as sleep } from 'node:timers/promises';
import { profileNameOf, signsInByLink, type InterfaceLanguage, type PasswordChange, type SessionUser } from '@console/contract';
import { writeAudit } from '#platform/audit/audit.js';
import { checkPassword, storePassword } from '#platform/auth/passwords.js';
import { assertMayActOnUsers, canReachUser, userNotFound } from '#platform/auth/access.js';
import { getProfileRights } from '#platform/auth/rights-cache.js';
import { hashToken, randomToken } from '#platform/auth/secrets.js';
import { deleteUserSessionRows, forgetUserSessions } from '#platform/auth/sessions.js';
import { editorLabel, type AppDeps, type ServiceContext } from '#platform/context.js';
import { AppError } from '#platform/errors/app-error.js';
import {
  findCredentialsById,
  findSignInCandidate,
  recordAddressFailure,
  recordFailedLogin,
  recordSignIn,
  saveLanguage,
  setLinkToken,
  unlockUser,
  updatePassword,
  type SignInCandidate,
} from './auth.repository.js';
import { presentSessionUser } from './auth.presenter.js';
import { addTrustedDevice, deriveDeviceCookieKey, isTrustedDevice } from './device-cookie.js';
import { canChangeOwnPassword, canUnlockAccounts, computeFailureDelay, hasPrintablePassword } from './auth.policy.js';

export type SignedIn = { user: SessionUser; sessionToken: string; deviceCookie: string };

/** What a sign-in attempt brings: the client address and the browser's device cookie. */
export type SignInClient = { address: string; deviceCookie: string | undefined };

function lockedError(): AppError {
  return new AppError('account_locked', 'This account is locked after repeated failed sign-ins');
}

function tooManyAttemptsError(): AppError {
  return new AppError('too_many_attempts', 'Too many failed sign-ins from this address; try again later');
}

async function openSession(deps: AppDeps, account: SignInCandidate, client: SignInClient): Promise<SignedIn> {
  const sessionToken = randomToken();
  const expiresAt = new Date(Date.now() + deps.env.SESSION_TTL_HOURS * 3_600_000);
  // Read before the session is written: once it is, nothing can fail the answer (and leave a session unused).
  const rights = await getProfileRights(deps.db, account.profileId);
  await recordSignIn(deps.db, account.id, hashToken(sessionToken), expiresAt);
  const deviceCookie = addTrustedDevice(deviceKeyOf(deps), client.deviceCookie, account.id);
  return { user: presentSessionUser({ ...account, rights }), sessionToken, deviceCookie };
}

const deviceKeys = new WeakMap<Buffer, Buffer>();

function deviceKeyOf(deps: AppDeps): Buffer {
  let key = deviceKeys.get(deps.env.encryptionKey);
  if (!key) {
    key = deriveDeviceCookieKey(deps.env.encryptionKey);
    deviceKeys.set(deps.env.encryptionKey, key);
  }
  return key;
}

/**
 * Answers a failed attempt at `startedAt + delay` rather than `delay` after the work, so that
 * the paths of a first failure (unknown login, wrong password, locked account) take alike. Timers
 * count the event loop's whole milliseconds and may fire a fraction of one early: the wait goes
 * on until the moment is reached (a locked account's answer once came after 149.94 of 150 ms).
 */
async function waitFailureDelay(deps: AppDeps, startedAt: number, consecutiveFailures: number): Promise<void> {
  const until = startedAt + computeFailureDelay(deps.env.LOGIN_FAILURE_DELAY_MS, consecutiveFailures);
  for (let left = until - performance.now(); left > 0; left = until - performance.now()) await sleep(Math.ceil(left));
}

/**
 * Signs in with login and password. Throws `too_many_attempts` when the address failed too
 * often and the browser's device cookie does not vouch for this account, `account_locked` for a
 * locked account (whatever the password, so that a lock cannot be used to test passwords, and
 * after as long as an unknown login takes), `invalid_credentials` otherwise. Failures are slowed
 * and counted on the account, and on the address unless the browser is trusted for the account.
 */
export async function signIn(deps: AppDeps, input: { login: string; password: string } & SignInClient): Promise<SignedIn> {
  const startedAt = performance.now();
  const addressKey = `address:${input.address}`;
  const { account, addressFailures } = await findSignInCandidate(deps.db, { login: input.login }, addressKey);
  const trusted = account !== undefined && isTrustedDevice(deviceKeyOf(deps), input.deviceCookie, account.id);
  if (!trusted && addressFailures >= deps.env.LOGIN_ADDRESS_MAX_FAILURES) throw tooManyAttemptsError();
  if (account?.locked) {
    // The work and the wait of an unknown login: a lock is told to its owner, not to a timer.
    await checkPassword(deps.env.encryptionKey, undefined, input.password);
    if (!trusted) await recordAddressFailure(deps.db, addressKey);
    await waitFailureDelay(deps, startedAt, 1);
    throw lockedError();
  }
  const matches = await checkPassword(deps.env.encryptionKey, account, input.password);
  if (account && matches && !account.disabled) return openSession(deps, account, input);

  if (!trusted) await recordAddressFailure(deps.db, addressKey);
  let failures = 1;
  if (account && !account.disabled) {
    // The lock and its audit entry are written together or not at all.
    const state = await deps.db.transaction(async (tx) => {
      const counted = await recordFailedLogin(tx, account.id, deps.env.LOGIN_MAX_FAILURES);
      if (counted.locked) {
        await writeAudit(tx, {
          actor: null,
          action: 'lock',
          entity: 'user',
          entityId: account.id,
          uai: account.uai,
          before: { locked: false },
          after: { locked: true, failedLogins: counted.failedLogins },
        });
      }
      return counted;
    });
    failures = state.failedLogins;
    if (state.locked) {
      forgetUserSessions(deps.db, account.id, { ended: true });
      await waitFailureDelay(deps, startedAt, failures);
      throw lockedError();
    }
  }
  await waitFailureDelay(deps, startedAt, failures);
  throw new AppError('invalid_credentials', 'Invalid login or password');
}

/**
 * Signs in by link with a pupil's or teacher's opaque link token. A staff member's token opens
 * nothing: it is answered as an unknown one. A token is 256 random bits that no one can guess,
 * so the address limit does not refuse a valid one (a class scanning its QR codes behind the
 * school's address); unknown tokens are slowed and counted on the address. Throws
 * `invalid_credentials` or `account_locked`.
 */
export async function signInWithLink(deps: AppDeps, input: { token: string } & SignInClient): Promise<SignedIn> {
  const startedAt = performance.now();
  const addressKey = `address:${input.address}`;
  const found = await findSignInCandidate(deps.db, { linkToken: input.token }, addressKey);
  const profile = found.account && profileNameOf(found.account.profileId);
  const account = profile && signsInByLink(profile) ? found.account : undefined;
  if (account?.locked) throw lockedError();
  if (account && !account.disabled) return openSession(deps, account, input);
  if (found.addressFailures >= deps.env.LOGIN_ADDRESS_MAX_FAILURES) throw tooManyAttemptsError();
  await recordAddressFailure(deps.db, addressKey);
  await waitFailureDelay(deps, startedAt, 1);
  throw new AppError('invalid_credentials', 'Invalid sign-in link', { reason: 'invalid_sign_in_link' });
}

/**
 * Keeps the interface language the caller chose with their account, for their next sign-in in
 * any browser. Their sessions read the account afresh (the session cache held the old choice).
 */
export async function setOwnLanguage(ctx: ServiceContext, language: InterfaceLanguage): Promise<void> {
  await saveLanguage(ctx.db, ctx.actor.id, language);
  forgetUserSessions(ctx.db, ctx.actor.id, { ended: false });
}

/** The caller's session answer, built from the session lookup without another query. */
export function getSessionUser(ctx: ServiceContext): SessionUser {
  return presentSessionUser(ctx.actor);
}

/**
 * Changes the caller's own password. Throws `not_allowed_to_update_password` for Eleve and
 * Enseignant and `invalid_current_password` when the current one does not match. Other
 * sessions of the user end; the audit log records the change without any password.
 */
export async function changeOwnPassword(ctx: ServiceContext, input: PasswordChange): Promise<void> {
  if (!canChangeOwnPassword(ctx.actor.profile)) {
    throw new AppError('not_allowed_to_update_password', 'This profile may not change its password', {
      reason: 'password_change_not_allowed',
    });
  }
  const account = await findCredentialsById(ctx.db, ctx.actor.id);
  if (!(await checkPassword(ctx.env.encryptionKey, account, input.currentPassword))) {
    throw new AppError('invalid_current_password', 'The current password is wrong', {
      fieldErrors: { currentPassword: ['invalid_current_password'] },
    });
  }
  const stored = await storePassword(ctx.env.encryptionKey, input.newPassword, hasPrintablePassword(ctx.actor.profile));
  const editor = editorLabel(ctx.actor);
  // The other sessions end in the same transaction: a committed change is never answered as failed.
  await ctx.db.transaction(async (tx) => {
    await updatePassword(tx, ctx.actor.id, stored, editor);
    await writeAudit(tx, {
      actor: ctx.actor,
      action: 'update',
      entity: 'user',
      entityId: ctx.actor.id,
      uai: ctx.actor.uai,
      after: { changed: ['password'] },
    });
    await deleteUserSessionRows(tx, ctx.actor.id, ctx.actor.sessionId);
  });
  forgetUserSessions(ctx.db, ctx.actor.id, { ended: true, exceptSessionId: ctx.actor.sessionId });
}

/**
 * Unlocks an account. Throws `forbidden` unless the caller is an Administrateur who may act on
 * the user, `not_found` for an unknown user.
 */
export async function unlockAccount(ctx: ServiceContext, userId: number): Promise<void> {
  if (!canUnlockAccounts(ctx.actor.profile))
    throw new AppError('forbidden', 'Only an Administrateur unlocks accounts', { reason: 'unlock_not_allowed' });
  const account = await findCredentialsById(ctx.db, userId);
  if (!account) throw userNotFound();
  await assertMayActOnUsers(ctx.db, ctx.actor, [account]);
  await ctx.db.transaction(async (tx) => {
    await unlockUser(tx, userId, editorLabel(ctx.actor));
    await writeAudit(tx, {
      actor: ctx.actor,
      action: 'unlock',
      entity: 'user',
      entityId: userId,
      uai: account.uai,
      before: { locked: account.locked, failedLogins: account.failedLogins },
      after: { locked: false, failedLogins: 0 },
    });
  });
}

/**
 * Revokes a pupil's or teacher's sign-in link and issues a new one. Throws `not_found` for a
 * user outside the caller's reach, `forbidden` for a user the caller may not act on or a staff
 * member (who signs in by password only: no link is ever issued for them).
 */
export async function regenerateLinkToken(ctx: ServiceContext, userId: number): Promise<string> {
  const account = await findCredentialsById(ctx.db, userId);
  if (!account || !(await canReachUser(ctx, account))) throw userNotFound();
  await assertMayActOnUsers(ctx.db, ctx.actor, [account]);
  const profile = profileNameOf(account.profileId);
  if (!profile || !signsInByLink(profile))
    throw new AppError('forbidden', 'Sign-in links are for pupils and teachers only', { reason: 'sign_in_link_profile' });
  const token = randomToken();
  await ctx.db.transaction(async (tx) => {
    await setLinkToken(tx, userId, token, editorLabel(ctx.actor));
    await writeAudit(tx, {
      actor: ctx.actor,
      action: 'update',
      entity: 'user',
      entityId: userId,
      uai: account.uai,
      after: { changed: ['linkToken'] },
    });
  });
  return token;
}
