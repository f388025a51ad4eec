import type { ProfileName, SessionUser } from '@console/contract';
import { Avatar, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const PROFILE_KEYS: Record<ProfileName, string> = {
  Eleve: 'profiles.pupil',
  Enseignant: 'profiles.teacher',
  Administrateur: 'profiles.administrator',
  Gestionnaire: 'profiles.manager',
  'Administrateur établissement': 'profiles.school_administrator',
};

type OwnAccountCardProps = {
  user: Pick<SessionUser, 'firstname' | 'lastname' | 'profile' | 'uai' | 'informations'>;
};

/** The users view of a pupil or teacher: their own account (the full user page comes later). */
export function OwnAccountCard({ user }: OwnAccountCardProps) {
  const { t } = useTranslation();
  const name = `${user.firstname} ${user.lastname}`.trim();
  const details: [string, string][] = [
    [t('account.name'), name],
    [t('account.login'), user.informations.login],
    [t('account.school'), user.uai ?? user.informations.uai ?? t('account.none')],
    [t('account.profile'), t(PROFILE_KEYS[user.profile])],
  ];
  return (
    <Stack gap="lg">
      <Title order={1} fz="h2">
        {t('account.title')}
      </Title>
      <Paper withBorder radius="md" p="xl" maw={640}>
        <Group gap="md" mb="lg">
          <Avatar color="ocean" variant="filled" radius="xl" size={56} aria-hidden>
            {`${user.firstname.charAt(0)}${user.lastname.charAt(0)}`.toUpperCase()}
          </Avatar>
          <Text fw={650} size="lg">
            {name}
          </Text>
        </Group>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" m={0}>
          {details.map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="sm" c="dimmed">
                {label}
              </Text>
              <Text component="dd" m={0} fw={500}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Paper>
    </Stack>
  );
}
