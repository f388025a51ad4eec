import type { UserPage } from '@console/contract';
import { Avatar, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#lib/format';
import { initialsOf } from './identity';

/**
 * The head of a user page (spec 3 §2.3): initials, full name, school, level (or the no-class
 * label), options with their ids, who created and last edited the account and when.
 */
export function UserPageHeader({ page, headingLevel = 2 }: { page: UserPage; headingLevel?: 1 | 2 }) {
  const { t, i18n } = useTranslation();
  const { informations } = page;
  const fullName = `${informations.firstName} ${informations.lastName}`.trim();
  const traceOf = (key: 'created' | 'edited', date: string | null, author: string | null) => {
    if (!date) return null;
    const when = formatDateTime(date, i18n.language);
    return author ? t(`users.page.header.${key}_by`, { date: when, author }) : t(`users.page.header.${key}`, { date: when });
  };
  const traces = [
    traceOf('created', informations.createdOn, informations.createdBy),
    traceOf('edited', informations.editedOn, informations.editedBy),
  ].filter((trace): trace is string => trace !== null);

  return (
    <Group gap="md" align="flex-start" wrap="nowrap">
      <Avatar color="ocean" variant="filled" radius="xl" size={56} aria-hidden>
        {initialsOf(informations.firstName, informations.lastName)}
      </Avatar>
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Title order={headingLevel} fz="h3">
          {fullName}
        </Title>
        <Text size="sm">
          {[informations.schoolName ?? informations.uai, informations.level ?? t('users.page.header.no_class')]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        {page.options.length > 0 && (
          <Group gap={6} aria-label={t('users.page.header.options')} role="list">
            {page.options.map((option) => (
              <Badge key={option.optionId} role="listitem" variant="light" tt="none">
                {t('users.page.header.option', { name: option.name, id: option.optionId })}
              </Badge>
            ))}
          </Group>
        )}
        {traces.map((trace) => (
          <Text key={trace} size="xs" c="dimmed">
            {trace}
          </Text>
        ))}
      </Stack>
    </Group>
  );
}
