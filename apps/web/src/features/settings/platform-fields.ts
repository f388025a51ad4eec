import { files, settings } from '@console/contract';
import type { TFunction } from 'i18next';
import type { EditableField, FieldChanges } from '#ui/EditAndSave';
import { issueAt } from '#lib/forms';
import { isNameTaken, orderProblem } from './catalogue-fields';

/**
 * The Plateformes tab's form: a platform's values under the names the server's field errors use
 * (`idPlateforme`, `urls.0.picturePath`, …), read back into the call's shape, and checked by the
 * contract's schema (one rule for both sides) plus the uniqueness the loaded catalogue shows.
 */

const PICTURE = 'urls.0.picturePath';

/** A new platform's first values: exported as CSV, the next order, no code asked. */
export function newPlatformValues(catalogue: readonly settings.PlatformSetting[]): settings.PlatformSetting {
  return {
    idPlateforme: '',
    name: '',
    order: settings.nextOrder(catalogue),
    exportFile: '',
    exportType: 'CSV',
    forExport: true,
    urlSchemeLoginRequired: false,
    urlSchemePwdRequired: false,
    urlSchemeCodeYesNo: false,
    urlSchemeCodeRequired: false,
    platformCodeYesNo: false,
    platformCodeRequired: false,
    urls: [{ picturePath: '' }],
  };
}

/** A platform's values as the form holds them (text; 'true' or 'false' for a switch). */
export function valuesOf(platform: settings.PlatformSetting): FieldChanges {
  const values: FieldChanges = {
    idPlateforme: platform.idPlateforme,
    name: platform.name,
    order: String(platform.order),
    [PICTURE]: platform.urls[0]?.picturePath ?? '',
    exportFile: platform.exportFile,
    exportType: platform.exportType,
  };
  for (const toggle of settings.PLATFORM_TOGGLES) values[toggle] = String(platform[toggle]);
  return values;
}

/** The form's values back in the call's shape (the other urls kept). */
export function platformFrom(saved: settings.PlatformSetting, values: FieldChanges, isNew: boolean): settings.PlatformUpdate {
  const merged = { ...valuesOf(saved), ...values };
  const toggles = Object.fromEntries(settings.PLATFORM_TOGGLES.map((toggle) => [toggle, merged[toggle] === 'true'])) as Record<
    settings.PlatformToggle,
    boolean
  >;
  return {
    newPlateforme: isNew,
    idPlateforme: merged.idPlateforme!.trim().toUpperCase(),
    name: merged.name!,
    order: Number(merged.order),
    exportFile: merged.exportFile!,
    exportType: merged.exportType === 'XLSX' ? 'XLSX' : 'CSV',
    ...toggles,
    urls: [{ picturePath: merged[PICTURE]! }, ...saved.urls.slice(1)],
  };
}

type FieldsInput = {
  t: TFunction;
  platform: settings.PlatformSetting;
  isNew: boolean;
  /** The other platforms, whose ids and names are taken. */
  others: readonly settings.PlatformSetting[];
  uploadPicture: (file: File) => Promise<string>;
};

/** The platform's fields, grouped: identity, picture, export, URL scheme, platform code. */
export function platformFields({ t, platform, isNew, others, uploadPicture }: FieldsInput): EditableField[] {
  const values = valuesOf(platform);
  const check = (name: string) => (value: string, all: FieldChanges) => {
    if (name === 'order' && orderProblem(value)) return orderProblem(value);
    const candidate = platformFrom(platform, { ...all, [name]: value }, isNew);
    if (name === 'idPlateforme' && isNew && others.some((other) => other.idPlateforme === candidate.idPlateforme))
      return settings.PLATFORM_ID_TAKEN;
    if (name === 'name' && isNameTaken(others, value)) return settings.PLATFORM_NAME_TAKEN;
    return issueAt(settings.platformUpdateSchema, candidate, name);
  };
  const field = (name: string, group: string, extra: Partial<EditableField> = {}): EditableField => ({
    name,
    group,
    label: t(`settings.platforms.fields.${name === PICTURE ? 'picture' : name}`),
    value: values[name]!,
    validate: check(name),
    ...extra,
  });
  const toggle = (name: settings.PlatformToggle, group: string) => field(name, group, { toggle: true });
  const identity = t('settings.platforms.groups.identity');
  const exports = t('settings.platforms.groups.export');
  const urlScheme = t('settings.platforms.groups.url_scheme');
  const code = t('settings.platforms.groups.code');
  return [
    field('idPlateforme', identity, { locked: !isNew }),
    field('name', identity),
    field('order', identity),
    field(PICTURE, t('settings.platforms.groups.picture'), {
      upload: { accept: files.IMAGE_TYPES.join(','), send: uploadPicture },
    }),
    toggle('forExport', exports),
    field('exportFile', exports),
    field('exportType', exports, { choices: settings.EXPORT_TYPES.map((type) => ({ value: type, label: type })) }),
    toggle('urlSchemeLoginRequired', urlScheme),
    toggle('urlSchemePwdRequired', urlScheme),
    toggle('urlSchemeCodeYesNo', urlScheme),
    toggle('urlSchemeCodeRequired', urlScheme),
    toggle('platformCodeYesNo', code),
    toggle('platformCodeRequired', code),
  ];
}
