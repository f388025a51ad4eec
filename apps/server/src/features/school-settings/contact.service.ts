import { schoolSettings } from '@console/contract';
import { IMAGE_EXTENSIONS, isUploadKey, type FileStorage } from '#adapters/storage/index.js';
import { writeAudit } from '#platform/audit/audit.js';
import { schoolNotFound } from '#platform/auth/access.js';
import type { ServiceContext } from '#platform/context.js';
import type { Executor } from '#platform/db/client.js';
import { AppError, validationError } from '#platform/errors/app-error.js';
import { canReplaceSchoolLogo, changesContactCard, planContactChange } from './contact.policy.js';
import { contactPersonOf, contactValuesOf, presentSchoolContact } from './contact.presenter.js';
import {
  listSchoolContacts,
  lockSchoolCard,
  readSchoolCard,
  replaceSchoolContacts,
  updateSchoolCard,
} from './contact.repository.js';
import { canEditSchoolParams } from './school-settings.policy.js';
import { requireSchoolSettingsAccess } from './school-settings.service.js';

type SchoolContact = schoolSettings.SchoolContact;

/** What the logo's replacement needs beside the platform's dependencies: the store the upload went to. */
export type SchoolLogoDeps = { storage: FileStorage };

function abilitiesOf(ctx: ServiceContext): SchoolContact['abilities'] {
  return { canEdit: canEditSchoolParams(ctx.actor.rights), canReplaceLogo: canReplaceSchoolLogo(ctx.actor.profile) };
}

/** The card as read through `db`; `not_found` when the school was deleted meanwhile. */
async function readSchoolContact(ctx: ServiceContext, db: Executor, uai: string): Promise<SchoolContact> {
  const card = await readSchoolCard(db, uai);
  if (!card) throw schoolNotFound();
  return presentSchoolContact(card.school, card.contacts, abilitiesOf(ctx));
}

/** A school's contact card (see `requireSchoolSettingsAccess` for what it throws). */
export async function getSchoolContact(ctx: ServiceContext, uai: string): Promise<SchoolContact> {
  await requireSchoolSettingsAccess(ctx, ctx.db, uai);
  return readSchoolContact(ctx, ctx.db, uai);
}

/**
 * Changes a school's phone, website and people to contact, all or none, under a lock on the
 * school's row (see `requireSchoolSettingsAccess` for the access errors; the contract's schema
 * refuses a bad phone, e-mail or website before). The people replace the whole list, in their
 * order. Writes only what differs, with one audit entry (`update_contact`) of the changed parts;
 * nothing differing writes nothing. Answers the card as read.
 */
export async function updateSchoolContact(
  ctx: ServiceContext,
  uai: string,
  update: schoolSettings.SchoolContactUpdate,
): Promise<SchoolContact> {
  return ctx.db.transaction(async (tx) => {
    await requireSchoolSettingsAccess(ctx, tx, uai);
    const school = await lockSchoolCard(tx, uai);
    if (!school) throw schoolNotFound();
    const contacts = await listSchoolContacts(tx, uai);
    const plan = planContactChange({ phone: school.phone, url: school.website, contacts: contacts.map(contactPersonOf) }, update);
    if (!changesContactCard(plan)) return presentSchoolContact(school, contacts, abilitiesOf(ctx));

    await updateSchoolCard(tx, uai, plan.columns);
    if (plan.contacts) await replaceSchoolContacts(tx, uai, plan.contacts.map(contactValuesOf));
    await writeAudit(tx, {
      actor: ctx.actor,
      action: 'update_contact',
      entity: 'school',
      entityId: uai,
      uai,
      before: plan.before,
      after: plan.after,
    });
    // Read in the transaction: the answer is what was written, even if the database goes away after the commit.
    return readSchoolContact(ctx, tx, uai);
  });
}

/**
 * Whether `fileUrl` is a logo the store holds: the address of an upload under the logos' folder
 * (flag 'logo'), whose stored bytes are an accepted image of its extension's type.
 */
async function isStoredLogo(storage: FileStorage, fileUrl: string): Promise<boolean> {
  const key = storage.keyOfFileUrl(fileUrl);
  if (key === undefined || !isUploadKey(key, 'logo')) return false;
  const type = await storage.readImageType(key);
  return type !== undefined && key.endsWith(`.${IMAGE_EXTENSIONS[type]}`);
}

/**
 * Makes an uploaded image the school's logo (spec 2 §2.14, §6). After the access errors of
 * `requireSchoolSettingsAccess`, throws `forbidden` to any profile but the Administrateur, then
 * `validation_failed` on `fileUrl` unless it is a logo the store holds (an upload ticket's
 * address under the logos' folder, its bytes an image). Writes the address and an audit entry
 * (`replace_logo`) unless it is already the school's. Answers the card as read.
 */
export async function replaceSchoolLogo(
  ctx: ServiceContext & SchoolLogoDeps,
  uai: string,
  fileUrl: string,
): Promise<SchoolContact> {
  await requireSchoolSettingsAccess(ctx, ctx.db, uai);
  if (!canReplaceSchoolLogo(ctx.actor.profile))
    throw new AppError('forbidden', 'Only an Administrateur replaces a school logo', { reason: 'no_right' });
  if (!(await isStoredLogo(ctx.storage, fileUrl)))
    throw validationError({ fileUrl: [schoolSettings.NOT_A_LOGO] }, 'Not a logo uploaded to this storage');
  return ctx.db.transaction(async (tx) => {
    const school = await lockSchoolCard(tx, uai);
    if (!school) throw schoolNotFound();
    if (school.logoPath === fileUrl) return readSchoolContact(ctx, tx, uai);
    await updateSchoolCard(tx, uai, { logoPath: fileUrl });
    await writeAudit(tx, {
      actor: ctx.actor,
      action: 'replace_logo',
      entity: 'school',
      entityId: uai,
      uai,
      before: { logoUrl: school.logoPath },
      after: { logoUrl: fileUrl },
    });
    return readSchoolContact(ctx, tx, uai);
  });
}
