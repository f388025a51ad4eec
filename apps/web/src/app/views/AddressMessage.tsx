import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconLock, IconMapQuestion } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** Why an address shows no view: it names none, the user may not open it, or its school does not exist. */
export type AddressProblem = 'unknown' | 'forbidden' | 'no_school';

type AddressMessageProps = { problem: AddressProblem; homeAddress: string; isAccountHolder: boolean };

/** In place of a view the address cannot show: what happened, and the way back to the user's start. */
export function AddressMessage({ problem, homeAddress, isAccountHolder }: AddressMessageProps) {
  const { t } = useTranslation();
  const Icon = problem === 'forbidden' ? IconLock : IconMapQuestion;
  return (
    <Stack gap="lg">
      <Title order={1} fz="h2">
        {t(`address.${problem}.title`)}
      </Title>
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="md" py="xl">
          <ThemeIcon size={48} radius="xl" variant="light" color="ocean" aria-hidden>
            <Icon size={26} stroke={1.5} />
          </ThemeIcon>
          <Text size="md" ta="center" maw={520}>
            {t(`address.${problem}.text`)}
          </Text>
          <Button component={Link} to={homeAddress} leftSection={<IconArrowLeft size={16} aria-hidden />}>
            {t(isAccountHolder ? 'address.back_to_account' : 'address.back_to_start')}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
