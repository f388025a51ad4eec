import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#lib/format';

/** 'Dernière modification le {date} par {author}', in the reader's language. */
export function LastModifiedLine({ date, author }: { date: string | null; author: string | null }) {
  const { t, i18n } = useTranslation();
  let text = t('workflow.never_modified');
  if (date) {
    const formatted = formatDateTime(date, i18n.language, 'long');
    text = author
      ? t('workflow.last_modified', { date: formatted, author })
      : t('workflow.last_modified_no_author', { date: formatted });
  }
  return (
    <Text size="sm" c="dimmed">
      {text}
    </Text>
  );
}
