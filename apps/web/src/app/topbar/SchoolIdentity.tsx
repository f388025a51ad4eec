import { Avatar, Group, Text } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * The active school: logo, name and UAI. Until the schools feature lands, only the UAI is known,
 * so the logo is a placeholder and the name is left out.
 */
export function SchoolIdentity({ uai }: { uai: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <Avatar size={32} radius="sm" color="ocean" variant="light" aria-hidden>
        <IconSchool size={18} stroke={1.6} />
      </Avatar>
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {t('shell.school_uai', { uai })}
      </Text>
    </Group>
  );
}
