import { notifications, PROFILE_NAMES } from '@console/contract';
import { Button, Checkbox, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PROFILE_LABEL_KEYS } from '#features/schools/profile-labels';
import { audienceTextOf, LOGICAL_OPERATOR_KEYS, SEARCH_OPERATOR_KEYS } from '../notification-text';
import { ApplicationsField } from './ApplicationsField';
import { hasTooManyTerms, type AudienceCounts, type Filters } from './draft';
import { SchoolsField } from './SchoolsField';

type FiltersStepProps = {
  filters: Filters;
  onChange: (filters: Filters) => void;
  /** The audience of these filters, once computed (null when not, or computed for other filters). */
  audience: AudienceCounts | null;
  isComputing: boolean;
  onCompute: () => void;
  canReadCatalogue: boolean;
};

/**
 * Step 1 (spec 3 §2.5): who the notification is for — schools, subject terms and how they match,
 * profiles, applications — and 'Calculer l'audience', which counts the users and devices reached.
 */
export function FiltersStep({ filters, onChange, audience, isComputing, onCompute, canReadCatalogue }: FiltersStepProps) {
  const { t, i18n } = useTranslation();
  const update = (change: Partial<Filters>) => onChange({ ...filters, ...change });
  const isSubjectTooLong = hasTooManyTerms(filters.subject);
  return (
    <Stack gap="md">
      <Title order={2} fz="h4">
        {t('notifications.steps.filters')}
      </Title>
      <SchoolsField
        isAll={filters.isAllSchools}
        uais={filters.uais}
        onChange={({ isAll, uais }) => update({ isAllSchools: isAll, uais })}
      />
      <TextInput
        label={t('notifications.filters.subject')}
        description={t('notifications.filters.subject_hint')}
        value={filters.subject}
        maxLength={500}
        maw={640}
        error={
          isSubjectTooLong ? t('notifications.filters.subject_too_many', { max: notifications.SUBJECT_TERMS_MAX }) : undefined
        }
        onChange={(event) => update({ subject: event.currentTarget.value })}
      />
      <Group gap="md" align="flex-start">
        <NativeSelect
          label={t('notifications.filters.logical_operator')}
          value={filters.logicalOperator}
          data={notifications.LOGICAL_OPERATORS.map((operator) => ({
            value: operator,
            label: t(LOGICAL_OPERATOR_KEYS[operator]),
          }))}
          onChange={(event) => update({ logicalOperator: event.currentTarget.value as notifications.LogicalOperator })}
        />
        <NativeSelect
          label={t('notifications.filters.search_operator')}
          value={filters.searchOperator}
          data={notifications.SEARCH_OPERATORS.map((operator) => ({ value: operator, label: t(SEARCH_OPERATOR_KEYS[operator]) }))}
          onChange={(event) => update({ searchOperator: event.currentTarget.value as notifications.SearchOperator })}
        />
      </Group>
      <Checkbox.Group
        label={t('notifications.filters.profiles')}
        description={t('notifications.filters.profiles_hint')}
        value={filters.profiles}
        onChange={(profiles) => update({ profiles: PROFILE_NAMES.filter((profile) => profiles.includes(profile)) })}
      >
        <Group gap="md" mt="xs">
          {PROFILE_NAMES.map((profile) => (
            <Checkbox key={profile} value={profile} label={t(PROFILE_LABEL_KEYS[profile])} />
          ))}
        </Group>
      </Checkbox.Group>
      <ApplicationsField
        canReadCatalogue={canReadCatalogue}
        applicationIds={filters.applicationIds}
        onChange={(applicationIds) => update({ applicationIds })}
      />
      <Group gap="md">
        <Button
          leftSection={<IconUsersGroup size={16} aria-hidden />}
          onClick={onCompute}
          loading={isComputing}
          disabled={isSubjectTooLong}
        >
          {t('notifications.filters.compute')}
        </Button>
        <Text role="status" size="sm" fw={600}>
          {audience ? audienceTextOf(t, i18n.language, audience) : ''}
        </Text>
      </Group>
    </Stack>
  );
}
