import { schoolSettings } from '@console/contract';
import type { TFunction } from 'i18next';
import type { EditableField, FieldChanges } from '#ui/EditAndSave';

/**
 * The card of the applications an import gives new pupils and teachers: a switch per application
 * of the catalogue, grouped by profile, under the names the server's field errors use
 * (`defaultApplications.Eleve.7`).
 */

const PROFILES = schoolSettings.DEFAULT_APPLICATION_PROFILES;
const fieldOf = schoolSettings.defaultApplicationField;

/** The switches, a group per profile, each application named with its platform. */
export function defaultApplicationFields(t: TFunction, params: schoolSettings.SchoolParams): EditableField[] {
  return PROFILES.flatMap((profile) => {
    const given = new Set(params.defaultApplications[profile]);
    return params.applicationChoices.map((choice): EditableField => ({
      name: fieldOf(profile, choice.id),
      group: t(`school_settings.defaults.groups.${profile}`),
      label: t('school_settings.defaults.application', { name: choice.name, platform: choice.platformName }),
      value: String(given.has(choice.id)),
      toggle: true,
    }));
  });
}

/** The call of the changed switches: each profile with a change sends its whole new list. */
export function defaultApplicationsUpdateOf(
  params: schoolSettings.SchoolParams,
  changes: FieldChanges,
): schoolSettings.SchoolParamsUpdate {
  const update: schoolSettings.DefaultApplicationsUpdate = {};
  for (const profile of PROFILES) {
    const touched = params.applicationChoices.some((choice) => changes[fieldOf(profile, choice.id)] !== undefined);
    if (!touched) continue;
    const given = new Set(params.defaultApplications[profile]);
    update[profile] = params.applicationChoices
      .filter((choice) => (changes[fieldOf(profile, choice.id)] ?? String(given.has(choice.id))) === 'true')
      .map((choice) => choice.id);
  }
  return { defaultApplications: update };
}
