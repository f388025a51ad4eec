import { schoolSettings } from '@console/contract';
import type { TFunction } from 'i18next';
import type { EditableField, FieldChanges } from '#ui/EditAndSave';

/**
 * One platform's card of the school (spec 2 §2.10): its switches and common code, under the
 * names the server's field errors use for a change of one platform (`platforms.0.commonCode`),
 * with the linked switches and the contract's check of what cannot stand together.
 */

const TOGGLES = schoolSettings.SCHOOL_PLATFORM_TOGGLES;
const nameOf = (key: string) => `platforms.0.${key}`;

function valuesOf(platform: schoolSettings.SchoolPlatformSetting): FieldChanges {
  const values: FieldChanges = { [nameOf('commonCode')]: platform.commonCode };
  for (const toggle of TOGGLES) values[nameOf(toggle)] = String(platform[toggle]);
  return values;
}

/** The platform's values as the contract's rules read them, from the form's. */
function platformValuesOf(values: FieldChanges): schoolSettings.SchoolPlatformValues {
  const toggles = Object.fromEntries(TOGGLES.map((toggle) => [toggle, values[nameOf(toggle)] === 'true'])) as Record<
    schoolSettings.SchoolPlatformToggle,
    boolean
  >;
  return { ...toggles, commonCode: values[nameOf('commonCode')] ?? '' };
}

/** The changed values as the call carries them: the platform's id and what changed. */
export function platformUpdateOf(platformId: string, changes: FieldChanges): schoolSettings.SchoolParamsUpdate {
  const update: schoolSettings.SchoolPlatformUpdate = { platformId };
  for (const toggle of TOGGLES) if (changes[nameOf(toggle)] !== undefined) update[toggle] = changes[nameOf(toggle)] === 'true';
  if (changes[nameOf('commonCode')] !== undefined) update.commonCode = changes[nameOf('commonCode')];
  return { platforms: [update] };
}

/** The platform's fields: the URL scheme code, the individual code, the common code, the password. */
export function schoolPlatformFields(t: TFunction, platform: schoolSettings.SchoolPlatformSetting): EditableField[] {
  const values = valuesOf(platform);
  const check = (key: keyof schoolSettings.SchoolPlatformValues) => (value: string, all: FieldChanges) =>
    schoolSettings.schoolPlatformProblems(platformValuesOf({ ...all, [nameOf(key)]: value }))[key] ?? null;
  const toggle = (key: schoolSettings.SchoolPlatformToggle, group: string): EditableField => ({
    name: nameOf(key),
    group,
    label: t(`school_settings.platforms.fields.${key}`),
    value: values[nameOf(key)]!,
    toggle: true,
    validate: check(key),
    // A "required" switched on switches its code on; a code switched off, its "required" off.
    links: (value, all) => {
      const linked = schoolSettings.withLinkedToggles(platformValuesOf(all), key, value === 'true');
      return Object.fromEntries(TOGGLES.map((each) => [nameOf(each), String(linked[each])]));
    },
  });
  const individual = t('school_settings.platforms.groups.individual');
  const common = t('school_settings.platforms.groups.common');
  const access = t('school_settings.platforms.groups.access');
  return [
    toggle('platformCodeYesNo', individual),
    toggle('platformCodeRequired', individual),
    toggle('platformUrlschemeCodeYesNo', individual),
    toggle('commonCodeYesNo', common),
    toggle('commonCodeRequired', common),
    {
      name: nameOf('commonCode'),
      group: common,
      label: t('school_settings.platforms.fields.commonCode'),
      value: values[nameOf('commonCode')]!,
      validate: check('commonCode'),
    },
    toggle('connectDiffPassword', access),
  ];
}
