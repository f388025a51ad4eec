import type { schoolSettings } from '@console/contract';
import { Alert, Anchor, ColorSwatch, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How long a test runs before its status reads 'loading' (spec 2 §9: 1,000 ms). */
export const LOADING_DELAY_MS = 1000;

const COLORS: Record<schoolSettings.ConnectionStatus | 'loading', string> = {
  online: 'var(--mantine-color-teal-6)',
  loading: 'var(--mantine-color-yellow-5)',
  offline: 'var(--mantine-color-gray-6)',
  timeout: 'var(--mantine-color-orange-6)',
  invalid_credentials: 'var(--mantine-color-red-6)',
  address_refused: 'var(--mantine-color-red-6)',
  host_key_changed: 'var(--mantine-color-red-6)',
};

/** Whether a test has been running for longer than the delay. */
function useIsSlow(isFetching: boolean): boolean {
  const [isSlow, setIsSlow] = useState(false);
  useEffect(() => {
    if (!isFetching) return;
    const timer = setTimeout(() => setIsSlow(true), LOADING_DELAY_MS);
    return () => {
      clearTimeout(timer);
      setIsSlow(false);
    };
  }, [isFetching]);
  return isFetching && isSlow;
}

type ServerConnectionProps = { connection: UseQueryResult<schoolSettings.ConnectionTestAnswer> };

/**
 * The saved server's status (spec 2 §4): a dot and its words (offline until a test answers, and
 * when it fails; loading once a test runs for a second), the link that tests it again, a warning
 * when the password went in clear (FTP without TLS), and the SFTP server's key it was pinned to.
 */
export function ServerConnection({ connection }: ServerConnectionProps) {
  const { t } = useTranslation();
  const isSlow = useIsSlow(connection.isFetching);
  const status = isSlow ? 'loading' : (connection.data?.status ?? 'offline');
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('school_settings.asm.connection')}
        </Title>
        <Group gap="sm">
          <ColorSwatch color={COLORS[status]} size={14} aria-hidden />
          <Text role="status" data-status={status}>
            {t(`school_settings.asm.status.${status}`)}
          </Text>
          <Anchor component="button" type="button" onClick={() => void connection.refetch()} disabled={connection.isFetching}>
            {t('school_settings.asm.test')}
          </Anchor>
        </Group>
        {connection.data?.secure === false && (
          <Alert color="orange" variant="light">
            {t('school_settings.asm.clear_password')}
          </Alert>
        )}
        {connection.data?.hostKey && (
          <Text size="sm" c="dimmed">
            {t('school_settings.asm.host_key', { key: connection.data.hostKey })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
