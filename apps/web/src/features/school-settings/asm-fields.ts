import { schoolSettings } from '@console/contract';
import type { TFunction } from 'i18next';
import { issueAt } from '#lib/forms';
import type { EditableField, FieldChanges } from '#ui/EditAndSave';
import type { SecretField } from './secret-fields';

/**
 * The Apple School Manager card's form (spec 2 §2.12): the location id the exports write, and the
 * server the archives are pushed to (address, user, password, port, SFTP or FTP).
 */

type AsmInformations = schoolSettings.AsmInformations;
const PREFIX = 'deployment.asmInformations.';

export function asmValuesOf(asm: AsmInformations, revealedPassword: string | undefined): FieldChanges {
  return {
    [`${PREFIX}locationId`]: asm.locationId,
    [`${PREFIX}sftpUrl`]: asm.sftpUrl,
    [`${PREFIX}sftpUser`]: asm.sftpUser,
    [`${PREFIX}sftpPassword`]: revealedPassword ?? '',
    [`${PREFIX}sftpPort`]: String(asm.sftpPort),
    [`${PREFIX}isSftp`]: String(asm.isSftp),
  };
}

/** A port as typed: its number, or NaN for a text that is not one (the contract then refuses it). */
const portOf = (text: string) => (/^\s*[0-9]+\s*$/.test(text) ? Number(text) : Number.NaN);

/** The changed values in the call's shape. */
export function asmUpdateOf(changes: FieldChanges): schoolSettings.SchoolParamsUpdate {
  const asm: schoolSettings.AsmInformationsUpdate = {};
  const changed = (name: string) => changes[`${PREFIX}${name}`];
  for (const name of ['locationId', 'sftpUrl', 'sftpUser', 'sftpPassword'] as const)
    if (changed(name) !== undefined) asm[name] = changed(name);
  if (changed('sftpPort') !== undefined) asm.sftpPort = portOf(changed('sftpPort')!);
  if (changed('isSftp') !== undefined) asm.isSftp = changed('isSftp') === 'true';
  return { deployment: { asmInformations: asm } };
}

/** The card's fields: the location id, then the server. */
export function asmFields({ t, asm, password }: { t: TFunction; asm: AsmInformations; password: SecretField }): EditableField[] {
  const values = asmValuesOf(asm, password.value);
  const field = (name: string, group: string, extra: Partial<EditableField> = {}): EditableField => ({
    name: `${PREFIX}${name}`,
    group,
    label: t(`school_settings.asm.fields.${name}`),
    value: values[`${PREFIX}${name}`]!,
    validate: (value) =>
      issueAt(schoolSettings.schoolParamsUpdateSchema, asmUpdateOf({ [`${PREFIX}${name}`]: value }), `${PREFIX}${name}`),
    ...extra,
  });
  const location = t('school_settings.asm.groups.location');
  const server = t('school_settings.asm.groups.server');
  return [
    field('locationId', location),
    field('sftpUrl', server, { placeholder: 'upload.appleschoolcontent.com' }),
    field('sftpUser', server),
    field('sftpPassword', server, {
      secret: { isSet: password.isSet, isRevealed: password.value !== undefined, reveal: password.reveal },
    }),
    field('sftpPort', server),
    field('isSftp', server, { toggle: true, validate: undefined }),
  ];
}

/** Whether the saved settings name a whole server (address, user, password, port): the push zone shows then. */
export function hasWholeServer(asm: AsmInformations, passwordIsSet: boolean): boolean {
  return asm.sftpUrl.trim() !== '' && asm.sftpUser.trim() !== '' && passwordIsSet && asm.sftpPort > 0;
}
