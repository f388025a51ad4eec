import { notifications } from '@console/contract';
import { Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '#lib/forms';
import { audienceTextOf } from '../notification-text';
import type { AudienceCounts, TextField, Texts } from './draft';
import { PhonePreview } from './PhonePreview';

type WriteStepProps = {
  texts: Texts;
  onChange: (texts: Texts) => void;
  /** The message key of each text refused (title and description required, a link's form). */
  issues: Partial<Record<TextField, string>>;
  /** The fields left once: their message shows from then on. */
  touched: Record<TextField, boolean>;
  onTouch: (field: TextField) => void;
  audience: AudienceCounts;
};

/**
 * Step 2 (spec 3 §2.5): the title and the description (required), an optional redirect link, the
 * notification as a phone shows it, and how many users and devices it concerns.
 */
export function WriteStep({ texts, onChange, issues, touched, onTouch, audience }: WriteStepProps) {
  const { t, i18n } = useTranslation();
  const errorOf = (field: TextField) => {
    const issue = issues[field];
    return touched[field] && issue ? translateMessage(i18n, issue) : undefined;
  };
  return (
    <Stack gap="md">
      <Title order={2} fz="h4">
        {t('notifications.steps.write')}
      </Title>
      <Group align="flex-start" gap="xl">
        <Stack gap="md" flex={1} miw={280} maw={640}>
          <TextInput
            label={t('notifications.write.title')}
            required
            value={texts.title}
            maxLength={notifications.TITLE_MAX}
            error={errorOf('title')}
            onChange={(event) => onChange({ ...texts, title: event.currentTarget.value })}
            onBlur={() => onTouch('title')}
          />
          <Textarea
            label={t('notifications.write.description')}
            required
            value={texts.bodyInput}
            maxLength={notifications.DESCRIPTION_MAX}
            autosize
            minRows={3}
            maxRows={10}
            error={errorOf('bodyInput')}
            onChange={(event) => onChange({ ...texts, bodyInput: event.currentTarget.value })}
            onBlur={() => onTouch('bodyInput')}
          />
          <TextInput
            label={t('notifications.write.link')}
            description={t('notifications.write.link_hint')}
            value={texts.linkInput}
            maxLength={2000}
            error={errorOf('linkInput')}
            onChange={(event) => onChange({ ...texts, linkInput: event.currentTarget.value })}
            onBlur={() => onTouch('linkInput')}
          />
          <Text size="sm" fw={600}>
            {t('notifications.audience.concerned', { audience: audienceTextOf(t, i18n.language, audience) })}
          </Text>
        </Stack>
        <PhonePreview title={texts.title} description={texts.bodyInput} />
      </Group>
    </Stack>
  );
}
