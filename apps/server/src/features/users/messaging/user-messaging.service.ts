import { profileNameOf, signsInByLink, users as contract } from '@console/contract';
import type { MailMessage, MailSender } from '#adapters/mail/index.js';
import { decryptSecret } from '#platform/auth/secrets.js';
import { writeAudit } from '#platform/audit/audit.js';
import { publicOrigin } from '#platform/config/env.js';
import type { ServiceContext } from '#platform/context.js';
import { AppError } from '#platform/errors/app-error.js';
import { NOTHING_SENT } from '#platform/http/idempotency.js';
import { renderAccessMail, type MailTemplateId } from './mail-templates.js';
import { readSchoolNames } from './user-messaging.repository.js';
import { readManageableUsers, type UserRecord } from '#platform/auth/access.js';

export type MailContext = ServiceContext & { mail: MailSender };

/** Messages handed to the sender at once: a pooled SMTP transport keeps a few connections busy. */
const SEND_CONCURRENCY = 5;

/** A user's clear password when it is stored encrypted (pupils, teachers); null when hashed (staff). */
export function readPrintablePassword(key: Buffer, user: Pick<UserRecord, 'passwordEncrypted'>): string | null {
  return user.passwordEncrypted ? decryptSecret(key, user.passwordEncrypted) : null;
}

/**
 * Mails users their access with a template. Only the ids are trusted: every user must be within
 * the caller's reach (else `not_found`, nothing sent) and one the caller may act on (else
 * `forbidden`); e-mail, login and password are read here;
 * users without an e-mail are skipped. Every message is composed before the first is sent. When
 * the sender fails, sending stops and `service_unavailable` says how many were sent before;
 * the audit entry records the same counts, never a password.
 */
export async function mailUsers(
  ctx: MailContext,
  input: { userIds: number[]; templateId: MailTemplateId },
): Promise<{ sent: number; skipped: number }> {
  const records = await readManageableUsers(ctx.db, ctx.actor, input.userIds);
  const recipients = contract.mailRecipients(records);
  const schoolNames = await readSchoolNames(
    ctx.db,
    recipients.flatMap((user) => (user.uai ? [user.uai] : [])),
  );
  const origin = publicOrigin(ctx.env);
  const messages = recipients.map((user) => ({
    userId: user.id,
    message: composeMail(ctx.env.encryptionKey, input.templateId, user, origin, schoolNames),
  }));

  const sentIds: number[] = [];
  let failure: unknown;
  for (let start = 0; start < messages.length && failure === undefined; start += SEND_CONCURRENCY) {
    const batch = messages.slice(start, start + SEND_CONCURRENCY);
    const outcomes = await Promise.allSettled(batch.map((entry) => ctx.mail.send(entry.message)));
    outcomes.forEach((outcome, index) => {
      if (outcome.status === 'fulfilled') sentIds.push(batch[index]!.userId);
      else failure ??= outcome.reason;
    });
  }

  const skipped = records.length - recipients.length;
  const recipientSet = new Set(recipients);
  const uais = new Set(records.map((user) => user.uai));
  await writeAudit(ctx.db, {
    actor: ctx.actor,
    action: 'mail',
    entity: 'user',
    uai: uais.size === 1 ? [...uais][0] : null,
    after: {
      templateId: input.templateId,
      transport: ctx.mail.kind,
      sentUserIds: sentIds,
      skippedUserIds: records.filter((user) => !recipientSet.has(user)).map((user) => user.id),
      sent: sentIds.length,
      skipped,
      notSent: messages.length - sentIds.length,
    },
  });
  if (failure !== undefined) {
    const reason = failure instanceof Error ? failure.message : 'unknown failure';
    throw new AppError(
      'service_unavailable',
      `The mail could not be sent: ${reason}. ${sentIds.length} of ${messages.length} messages were sent before the failure.`,
      {
        reason: 'mail_failed',
        params: { sent: sentIds.length, total: messages.length },
        sent: sentIds.length,
        notSent: messages.length - sentIds.length,
        ...(sentIds.length === 0 && { [NOTHING_SENT]: true }),
      },
    );
  }
  return { sent: sentIds.length, skipped };
}

function composeMail(
  key: Buffer,
  templateId: MailTemplateId,
  user: UserRecord,
  origin: string,
  schoolNames: Map<string, string>,
): MailMessage {
  const rendered = renderAccessMail(templateId, {
    firstName: user.firstname,
    login: user.login,
    password: readPrintablePassword(key, user),
    signInUrl: signsInByLink(profileNameOf(user.profileId) ?? 'Administrateur')
      ? `${origin}/?iduser=${encodeURIComponent(user.linkToken)}`
      : null,
    consoleUrl: `${origin}/`,
    schoolName: user.uai ? (schoolNames.get(user.uai) ?? null) : null,
  });
  return { to: user.email!.trim(), ...rendered };
}
