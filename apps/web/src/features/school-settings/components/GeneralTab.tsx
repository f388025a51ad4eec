import type { schoolSettings, settings } from '@console/contract';
import { useTranslation } from 'react-i18next';
import { useSchool } from '#features/schools/api';
import { NameRulesTester } from '#ui/NameRulesTester';
import { EditAndSave } from '#ui/EditAndSave';
import { secretFieldOf, useUpdateSchoolParams, type SchoolSecrets } from '../api';
import { generalFields, generalUpdateOf } from '../general-fields';

type GeneralTabProps = { uai: string; params: schoolSettings.SchoolParams; secrets: SchoolSecrets; canEdit: boolean };

/**
 * The general card (spec 2 §2.9): name, login suffix, Admin mode, random passwords, the
 * EcoleDirecte key and the school's own login pattern, with the general settings' live tester
 * running the school's rules on sample names as they are edited.
 */
export function GeneralTab({ uai, params, secrets, canEdit }: GeneralTabProps) {
  const { t } = useTranslation();
  const update = useUpdateSchoolParams(uai);
  const school = useSchool(uai);
  const globalRules: settings.RegexSettings = (school.data?.regexGlobal ?? []).map((rule) => ({
    fieldName: rule.field,
    regexStructure: rule.structure,
    regexSpecial: rule.special,
    regexConversion: rule.conversion as settings.RegexSettings[number]['regexConversion'],
  }));
  return (
    <EditAndSave
      fields={generalFields({ t, params, apiKey: secretFieldOf(params, secrets, 'ecoleDirecteApiKey') })}
      onSave={async (changes) => {
        const body = generalUpdateOf(changes);
        await update.mutateAsync(body);
        secrets.forgetSaved({ ecoleDirecteApiKey: body.informations?.ecoleDirecteApiKey });
      }}
      label={t('school_settings.tabs.general')}
      canEdit={canEdit}
      renderBelow={(values) =>
        school.data && (
          <NameRulesTester
            rules={globalRules}
            regexEstab={[{ field: 'login', regex: values['regexEstab.0.regex'] ?? '' }]}
            extension={params.informations.extension}
          />
        )
      }
    />
  );
}
