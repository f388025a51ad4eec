import type { settings } from '@console/contract';
import type { TFunction } from 'i18next';
import type { FieldChanges } from '#ui/EditAndSave';

/** The Regex tab's form and its tester share these: a setting's values are named `fieldName.part` in the form. */

/** The three values of a field's setting, as the form names them (`login.regexStructure`). */
type Part = 'regexStructure' | 'regexSpecial' | 'regexConversion';

/** A field's label: its name in the form when known (firstname, lastname, login), else as stored. */
export function fieldLabel(t: TFunction, fieldName: string): string {
  return t(`settings.regex.fields.${fieldName}`, { defaultValue: fieldName });
}

/** The settings as the form holds them (saved or being edited), back in the call's shape. */
export function settingsFrom(saved: settings.RegexSettings, values: FieldChanges): settings.RegexSettings {
  return saved.map((setting) => {
    const valueOf = (part: Part) => values[`${setting.fieldName}.${part}`] ?? setting[part];
    return {
      fieldName: setting.fieldName,
      regexStructure: valueOf('regexStructure'),
      regexSpecial: valueOf('regexSpecial'),
      regexConversion: valueOf('regexConversion') as settings.RegexSetting['regexConversion'],
    };
  });
}
