import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

type PhonePreviewProps = { title: string; description: string };

/**
 * How a phone shows the notification (spec 3 §2.5 step 2): a phone-like frame holding the
 * notification card — the product's name, 'il y a 2 min', the title and the description as typed.
 */
export function PhonePreview({ title, description }: PhonePreviewProps) {
  const { t } = useTranslation();
  const captionId = useId();
  return (
    <Box component="figure" m={0} aria-labelledby={captionId}>
      <Text component="figcaption" id={captionId} size="sm" fw={600} mb="xs">
        {t('notifications.preview.label')}
      </Text>
      <Box
        w={280}
        p="sm"
        pt="xl"
        pb="xl"
        bg="dark.6"
        style={{ borderRadius: 36, border: '4px solid var(--mantine-color-dark-8)' }}
      >
        <Paper radius="lg" p="sm" shadow="sm" bg="white" c="black">
          <Stack gap={4}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Group gap={6} wrap="nowrap">
                <IconBell size={14} aria-hidden />
                <Text size="xs" fw={600}>
                  {t('global.product_name')}
                </Text>
              </Group>
              <Text size="xs" c="gray.7">
                {t('notifications.preview.time')}
              </Text>
            </Group>
            <Text size="sm" fw={700} lineClamp={2} c={title.trim() ? undefined : 'gray.7'}>
              {title.trim() || t('notifications.preview.title_placeholder')}
            </Text>
            <Text size="sm" lineClamp={4} c={description.trim() ? undefined : 'gray.7'} style={{ whiteSpace: 'pre-wrap' }}>
              {description.trim() || t('notifications.preview.description_placeholder')}
            </Text>
          </Stack>
        </Paper>
      </Box>
    </Box>
  );
}
