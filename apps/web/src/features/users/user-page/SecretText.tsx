import { ActionIcon, Group, Text } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A password shown masked, with a button that reveals it (and masks it again). */
export function SecretText({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  const [isRevealed, setIsRevealed] = useState(false);
  return (
    <Group gap={6} wrap="nowrap">
      <Text component="span" ff="monospace" fw={500}>
        {isRevealed ? value : '••••••••'}
      </Text>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        aria-label={t('users.page.show_secret', { label })}
        aria-pressed={isRevealed}
        onClick={() => setIsRevealed((previous) => !previous)}
      >
        {isRevealed ? <IconEyeOff size={16} aria-hidden /> : <IconEye size={16} aria-hidden />}
      </ActionIcon>
    </Group>
  );
}
