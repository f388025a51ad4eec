import { profileNameOf, type UserPage, type UserPageApplication } from '@console/contract';
import { hasPrintablePassword } from '#features/auth/auth.policy.js';
import type { UserPageRows } from './user-page.repository.js';
import type { UserRecord } from '#platform/auth/access.js';

/** What the viewer may see and do on the page, decided by the service from the policy. */
export type PageView = {
  seesPasswords: boolean;
  seesWholeCatalogue: boolean;
  seesApplications: boolean;
  seesDevices: boolean;
  seesDocuments: boolean;
  /** Whether the answer carries the user's sign-in link token (the QR code). */
  seesSignInLink: boolean;
  abilities: UserPage['abilities'];
};

function toIso(value: Date | null): string | null {
  return value === null ? null : value.toISOString();
}

/**
 * A user page. Secrets are revealed (through `reveal`, which answers null for what it cannot
 * read) only when the view allows passwords; staff passwords are hashed and always null.
 */
export function presentUserPage(
  user: UserRecord,
  rows: UserPageRows,
  view: PageView,
  reveal: (sealed: string | null) => string | null,
): UserPage {
  const profile = profileNameOf(user.profileId) ?? 'Eleve';
  const accessById = new Map(rows.accesses.map((access) => [access.applicationId, access]));
  const applications: UserPageApplication[] = view.seesApplications
    ? rows.catalogue.flatMap((application) => {
        const access = accessById.get(application.id);
        if (!view.seesWholeCatalogue && access?.status !== 1) return [];
        return [
          {
            informations: {
              applicationId: application.id,
              applicationName: application.name,
              platformId: application.platformId,
              status: access?.status ?? 0,
              platformLogin: access?.login ?? null,
              platformPassword: view.seesPasswords ? reveal(access?.passwordEncrypted ?? null) : null,
              hasPlatformPassword: Boolean(access?.passwordEncrypted),
              applicationKeys: access?.keys ?? null,
              worksWithCas: application.worksWithCas,
              platformValidToken: access?.validToken ?? null,
            },
            urls: application.urls,
          },
        ];
      })
    : [];
  return {
    informations: {
      userId: user.id,
      login: user.login,
      password: view.seesPasswords && hasPrintablePassword(profile) ? reveal(user.passwordEncrypted) : null,
      hasPrintablePassword: hasPrintablePassword(profile),
      firstName: user.firstname,
      lastName: user.lastname,
      email: user.email,
      level: user.level,
      className: user.className,
      subject: user.subject,
      tabletNumber: user.tabletNumber,
      profile,
      uai: user.uai,
      schoolName: rows.schoolName,
      disabled: user.disabled,
      locked: user.locked,
      qrCode: view.seesSignInLink ? user.linkToken : null,
      createdOn: toIso(user.createdAt),
      createdBy: user.createdBy,
      editedOn: toIso(user.updatedAt),
      editedBy: user.updatedBy,
    },
    applications,
    options: rows.options.map((option) => ({ optionId: option.optionId, name: option.name, ordre: option.ordre })),
    devices: view.seesDevices
      ? rows.devices.map((device) => ({
          model: device.model,
          operatingSystem: device.operatingSystem,
          availableSpace: device.availableSpace,
          applicationVersion: device.applicationVersion,
          token: device.token,
          modificationDate: device.modifiedAt.toISOString(),
        }))
      : [],
    documents: view.seesDocuments ? rows.documents : [],
    abilities: view.abilities,
  };
}
