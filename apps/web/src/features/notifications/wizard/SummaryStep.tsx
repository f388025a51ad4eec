import { PROFILE_NAMES, notifications } from '@console/contract';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PROFILE_LABEL_KEYS } from '#features/schools/profile-labels';
import { schoolLabelOf } from '#features/schools/school-label';
import { useSchools } from '#features/schools/api';
import { useApplicationSettings } from '#features/settings/api';
import { DetailList } from '../components/DetailList';
import { audienceTextOf, LOGICAL_OPERATOR_KEYS, SEARCH_OPERATOR_KEYS } from '../notification-text';
import { isForAllSchools, type AudienceCounts, type Filters, type Texts } from './draft';

type SummaryStepProps = {
  filters: Filters;
  texts: Texts;
  audience: AudienceCounts;
  canReadCatalogue: boolean;
  canWrite: boolean;
};

/**
 * Step 3 (spec 3 §2.5): what will be sent to whom — the counts, the filters in short and the
 * texts — before 'Envoyer'. Says why nothing can be sent: no user reached, or no right to send.
 */
export function SummaryStep({ filters, texts, audience, canReadCatalogue, canWrite }: SummaryStepProps) {
  const { t, i18n } = useTranslation();
  const isAll = isForAllSchools(filters);
  const schools = useSchools({ isEnabled: !isAll });
  const catalogue = useApplicationSettings({ isEnabled: canReadCatalogue && filters.applicationIds.length > 0 });
  const none = t('notifications.values.none');
  const schoolNames = filters.uais.map((uai) => {
    const school = schools.data?.find((candidate) => candidate.UAI === uai);
    return school ? schoolLabelOf(school) : uai;
  });
  const applicationNames = filters.applicationIds.map(
    (id) => catalogue.data?.find((application) => String(application.idApplication) === id)?.name ?? id,
  );
  const terms = notifications.subjectTermsOf(filters.subject);
  const profiles = PROFILE_NAMES.filter((profile) => filters.profiles.includes(profile));
  return (
    <Stack gap="md">
      <Title order={2} fz="h4">
        {t('notifications.steps.summary')}
      </Title>
      <Text fw={600}>{t('notifications.audience.concerned', { audience: audienceTextOf(t, i18n.language, audience) })}</Text>
      <DetailList
        details={[
          {
            label: t('notifications.fields.schools'),
            value: isAll ? t('notifications.values.all_schools') : schoolNames.join(', '),
          },
          {
            label: t('notifications.fields.subjects'),
            value: terms.length > 0 ? terms.join(', ') : t('notifications.values.all_subjects'),
          },
          { label: t('notifications.fields.logical_operator'), value: t(LOGICAL_OPERATOR_KEYS[filters.logicalOperator]) },
          { label: t('notifications.fields.search_operator'), value: t(SEARCH_OPERATOR_KEYS[filters.searchOperator]) },
          {
            label: t('notifications.fields.profiles'),
            value:
              profiles.length > 0
                ? profiles.map((profile) => t(PROFILE_LABEL_KEYS[profile])).join(', ')
                : t('notifications.values.all_profiles'),
          },
          {
            label: t('notifications.fields.applications'),
            value: applicationNames.length > 0 ? applicationNames.join(', ') : t('notifications.values.all_applications'),
          },
          { label: t('notifications.fields.title'), value: texts.title.trim() },
          { label: t('notifications.fields.description'), value: texts.bodyInput.trim() },
          { label: t('notifications.fields.link'), value: texts.linkInput.trim() || none },
        ]}
      />
      {audience.nbUsers === 0 && (
        <Alert color="red" variant="light">
          {t('notifications.summary.no_users')}
        </Alert>
      )}
      {!canWrite && (
        <Alert color="gray" variant="light">
          {t('notifications.summary.read_only')}
        </Alert>
      )}
    </Stack>
  );
}
