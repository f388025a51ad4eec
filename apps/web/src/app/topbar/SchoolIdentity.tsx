import type { SessionUser } from '@console/contract';
import { Avatar, Group, Stack, Text } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { can } from '#lib/abilities';
import { useSchool } from '#features/schools/api';
import { EcoleDirecteBadge, isEcoleDirecteSchool } from '#features/schools/components/EcoleDirecteBadge';

type SchoolIdentityProps = { uai: string; user: Pick<SessionUser, 'rights' | 'uai' | 'schoolName'> };

/**
 * The active school: its logo (initials until logos exist), name and UAI, and the École Directe
 * banner. Who may not read schools (pupils, teachers) gets their own school's name from the
 * session, and no banner.
 */
export function SchoolIdentity({ uai, user }: SchoolIdentityProps) {
  const { t } = useTranslation();
  const school = useSchool(uai, { isEnabled: can(user, 'Table') });
  const name = school.data?.informations.name ?? (uai === user.uai ? user.schoolName : null);
  return (
    <Group gap="xs" wrap="nowrap" miw={0}>
      {name ? (
        <Avatar size={32} radius="sm" name={name} color="ocean" variant="filled" aria-hidden />
      ) : (
        <Avatar size={32} radius="sm" color="ocean" variant="light" aria-hidden>
          <IconSchool size={18} stroke={1.6} />
        </Avatar>
      )}
      <Stack gap={0} miw={0}>
        {name && (
          <Text size="sm" fw={650} truncate="end" maw={280} title={name}>
            {name}
          </Text>
        )}
        <Text size={name ? 'xs' : 'sm'} fw={name ? 400 : 600} c={name ? 'dimmed' : undefined} style={{ whiteSpace: 'nowrap' }}>
          {t('shell.school_uai', { uai })}
        </Text>
      </Stack>
      {school.data && isEcoleDirecteSchool(school.data) && <EcoleDirecteBadge />}
    </Group>
  );
}
