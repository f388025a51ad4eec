import type { notifications } from '@console/contract';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCount } from '#lib/format';
import { PROFILE_LABEL_KEYS } from '#features/schools/profile-labels';
import { DetailList } from '../components/DetailList';
import { LOGICAL_OPERATOR_KEYS, SEARCH_OPERATOR_KEYS } from '../notification-text';

/** Whether a notification was for every school (['all']). */
function isForAllSchools(arrayUai: readonly string[]): boolean {
  return arrayUai.length === 0 || arrayUai.includes('all');
}

/**
 * One notification of the history, opened (spec 3 §2.5): its description, link, the users chosen
 * one by one (a notification of the users view's bulk menu), schools (UAIs and the matching
 * schools' names), subjects, profiles, applications and operators, then its report —
 * users found, devices reached, successes and failures — or 'Pas encore envoyée'.
 */
export function HistoryItemDetails({ item }: { item: notifications.HistoryItem }) {
  const { t, i18n } = useTranslation();
  const parameters = item.parametersNotification;
  const report = item.reportNotification;
  const none = t('notifications.values.none');
  const isAll = isForAllSchools(parameters.arrayUai);
  const listOr = (values: readonly string[], empty: string) => (values.length > 0 ? values.join(', ') : empty);
  const count = (value: number) => formatCount(value, i18n.language);
  return (
    <Stack gap="md">
      <DetailList
        details={[
          { label: t('notifications.fields.description'), value: item.descriptionNotification },
          { label: t('notifications.fields.link'), value: item.linkNotification || none },
          // A notification to users chosen one by one (the users view's bulk menu): how many.
          ...(parameters.userCount === null
            ? []
            : [{ label: t('notifications.fields.chosen_users'), value: count(parameters.userCount) }]),
          {
            label: t('notifications.fields.uais'),
            value: isAll ? t('notifications.values.all_schools') : listOr(parameters.arrayUai, none),
          },
          {
            label: t('notifications.fields.matching_schools'),
            value: isAll
              ? t('notifications.values.all_schools')
              : listOr(
                  parameters.schools.map((school) => school.name),
                  none,
                ),
          },
          {
            label: t('notifications.fields.subjects'),
            value: listOr(parameters.subject, t('notifications.values.all_subjects')),
          },
          {
            label: t('notifications.fields.profiles'),
            value: listOr(
              parameters.arrayProfiles.map((profile) => t(PROFILE_LABEL_KEYS[profile])),
              t('notifications.values.all_profiles'),
            ),
          },
          {
            label: t('notifications.fields.applications'),
            value: listOr(
              parameters.arrayApplications.map((application) => application.name),
              t('notifications.values.all_applications'),
            ),
          },
          { label: t('notifications.fields.logical_operator'), value: t(LOGICAL_OPERATOR_KEYS[parameters.logicalOperator]) },
          { label: t('notifications.fields.search_operator'), value: t(SEARCH_OPERATOR_KEYS[parameters.searchOperator]) },
        ]}
      />
      <Text fw={600} size="sm">
        {t('notifications.fields.report')}
      </Text>
      {report === null ? (
        <Text size="sm">{t('notifications.history.not_sent')}</Text>
      ) : (
        <DetailList
          details={[
            { label: t('notifications.fields.users'), value: count(report.nbUser) },
            { label: t('notifications.fields.devices'), value: count(report.nbToken) },
            { label: t('notifications.fields.successes'), value: count(report.successCount) },
            { label: t('notifications.fields.failures'), value: count(report.failureCount) },
          ]}
        />
      )}
    </Stack>
  );
}
