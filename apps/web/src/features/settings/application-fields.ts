import { files, settings } from '@console/contract';
import type { TFunction } from 'i18next';
import type { EditableField, FieldChanges } from '#ui/EditAndSave';
import { issueAt } from '#lib/forms';
import { isNameTaken, orderProblem } from './catalogue-fields';

/**
 * The Applications tab's form: an application's values under the names the server's field errors
 * use (`idPlateforme`, `urls.playStore`, …), read back into the call's shape, and checked by the
 * contract's schema plus the names the loaded catalogue already has.
 */

const url = (field: keyof settings.ApplicationUrls) => `urls.${field}`;

/** A new application's first values: on the first platform, after the others, token status shown. */
export function newApplicationValues(
  catalogue: readonly settings.ApplicationSetting[],
  platforms: readonly settings.PlatformSetting[],
): settings.ApplicationSetting {
  return {
    idApplication: 0,
    idPlateforme: platforms[0]?.idPlateforme ?? '',
    name: '',
    order: settings.nextOrder(catalogue),
    showTokenStatus: false,
    applicationCodeYesNo: false,
    applicationCodeRequired: false,
    urls: Object.fromEntries(settings.APPLICATION_URL_FIELDS.map((field) => [field, ''])) as settings.ApplicationUrls,
  };
}

/** An application's values as the form holds them (text; 'true' or 'false' for a switch). */
export function valuesOf(application: settings.ApplicationSetting): FieldChanges {
  const values: FieldChanges = {
    idPlateforme: application.idPlateforme,
    name: application.name,
    order: String(application.order),
  };
  for (const field of settings.APPLICATION_URL_FIELDS) values[url(field)] = application.urls[field];
  for (const toggle of settings.APPLICATION_TOGGLES) values[toggle] = String(application[toggle]);
  return values;
}

/** The form's values back in the call's shape. */
export function applicationFrom(
  saved: settings.ApplicationSetting,
  values: FieldChanges,
  isNew: boolean,
): settings.ApplicationUpdate {
  const merged = { ...valuesOf(saved), ...values };
  return {
    newApplication: isNew,
    idApplication: isNew ? undefined : saved.idApplication,
    idPlateforme: merged.idPlateforme!,
    name: merged.name!,
    order: Number(merged.order),
    showTokenStatus: merged.showTokenStatus === 'true',
    applicationCodeYesNo: merged.applicationCodeYesNo === 'true',
    applicationCodeRequired: merged.applicationCodeRequired === 'true',
    urls: Object.fromEntries(
      settings.APPLICATION_URL_FIELDS.map((field) => [field, merged[url(field)]!]),
    ) as settings.ApplicationUrls,
  };
}

type FieldsInput = {
  t: TFunction;
  application: settings.ApplicationSetting;
  isNew: boolean;
  /** The other applications, whose names are taken. */
  others: readonly settings.ApplicationSetting[];
  platforms: readonly settings.PlatformSetting[];
  uploadPicture: (file: File) => Promise<string>;
};

/** The application's fields, grouped: identity, picture, downloads, opening, tokens and code. */
export function applicationFields({ t, application, isNew, others, platforms, uploadPicture }: FieldsInput): EditableField[] {
  const values = valuesOf(application);
  const check = (name: string) => (value: string, all: FieldChanges) => {
    if (name === 'order' && orderProblem(value)) return orderProblem(value);
    if (name === 'name' && isNameTaken(others, value)) return settings.APPLICATION_NAME_TAKEN;
    return issueAt(settings.applicationUpdateSchema, applicationFrom(application, { ...all, [name]: value }, isNew), name);
  };
  const field = (name: string, group: string, extra: Partial<EditableField> = {}): EditableField => ({
    name,
    group,
    label: t(`settings.applications.fields.${name.replace('urls.', '')}`),
    value: values[name]!,
    validate: check(name),
    ...extra,
  });
  const identity = t('settings.applications.groups.identity');
  const downloads = t('settings.applications.groups.downloads');
  const opening = t('settings.applications.groups.opening');
  const tokens = t('settings.applications.groups.tokens');
  const platformChoices = platforms.map((platform) => ({
    value: platform.idPlateforme,
    label: `${platform.name} (${platform.idPlateforme})`,
  }));
  return [
    field('name', identity),
    field('idPlateforme', identity, { choices: platformChoices }),
    field('order', identity),
    field(url('picturePath'), t('settings.applications.groups.picture'), {
      upload: { accept: files.IMAGE_TYPES.join(','), send: uploadPicture },
    }),
    ...(['dmgLink', 'exeLink', 'playStore', 'appStore'] as const).map((link) => field(url(link), downloads)),
    ...(['urlScheme', 'urlClean', 'urlOpen', 'urlLine'] as const).map((link) => field(url(link), opening)),
    ...settings.APPLICATION_TOGGLES.map((toggle) => field(toggle, tokens, { toggle: true })),
  ];
}
