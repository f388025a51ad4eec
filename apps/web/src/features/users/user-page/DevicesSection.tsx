import type { Device } from '@console/contract';
import { ActionIcon, Group, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatGigabytes } from '#lib/format';

/**
 * The devices of a user (spec 3 §2.3): model, operating system, free space in GB, application
 * version, notification token (copyable) and modification date.
 */
export function DevicesSection({ devices }: { devices: readonly Device[] }) {
  const { t, i18n } = useTranslation();
  const none = t('users.page.none');

  const handleCopy = async (token: string) => {
    try {
      await navigator.clipboard.writeText(token);
      notifications.show({ color: 'teal', message: t('users.page.devices.token_copied') });
    } catch {
      notifications.show({ color: 'red', message: t('global.errors.occurred') });
    }
  };

  return (
    <Stack gap="md">
      <Title order={3} fz="h4">
        {t('users.page.sections.devices')}
      </Title>
      {devices.length === 0 ? (
        <Text c="dimmed">{t('users.page.devices.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('users.page.devices.model')}</Table.Th>
                <Table.Th>{t('users.page.devices.operating_system')}</Table.Th>
                <Table.Th>{t('users.page.devices.available_space')}</Table.Th>
                <Table.Th>{t('users.page.devices.application_version')}</Table.Th>
                <Table.Th>{t('users.page.devices.token')}</Table.Th>
                <Table.Th>{t('users.page.devices.modification_date')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {devices.map((device, index) => (
                <Table.Tr key={device.token ?? `${device.model}-${index}`}>
                  <Table.Td>{device.model}</Table.Td>
                  <Table.Td>{device.operatingSystem}</Table.Td>
                  <Table.Td>
                    {device.availableSpace === null
                      ? none
                      : t('users.page.devices.gigabytes', { size: formatGigabytes(device.availableSpace, i18n.language) })}
                  </Table.Td>
                  <Table.Td>{device.applicationVersion ?? none}</Table.Td>
                  <Table.Td>{device.token === null ? none : <CopyableToken token={device.token} onCopy={handleCopy} />}</Table.Td>
                  <Table.Td>{formatDateTime(device.modificationDate, i18n.language)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function CopyableToken({ token, onCopy }: { token: string; onCopy: (token: string) => Promise<void> }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" ff="monospace" truncate="end" maw={180} title={token}>
        {token}
      </Text>
      <Tooltip label={t('users.page.devices.copy_token')} openDelay={100}>
        <ActionIcon variant="subtle" size="sm" aria-label={t('users.page.devices.copy_token')} onClick={() => void onCopy(token)}>
          <IconCopy size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
