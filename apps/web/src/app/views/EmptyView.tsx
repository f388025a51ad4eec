import { IconHourglassEmpty } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ViewMessage } from './ViewMessage';
import type { View } from './views';

type EmptyViewProps = {
  view: View;
  /** Translation key of the text; the 'coming soon' text by default. */
  messageKey?: string;
};

/** A view that a later issue fills, or that needs a school first: its title and a short note. */
export function EmptyView({ view, messageKey = 'views.coming_soon' }: EmptyViewProps) {
  const { t } = useTranslation();
  return <ViewMessage title={t(`views.titles.${view}`)} icon={IconHourglassEmpty} text={t(messageKey)} />;
}
