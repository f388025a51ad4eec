import { Center, Loader, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A spinner named for screen readers: an indeterminate progress bar, as WAI-ARIA draws one. A
 * Mantine Loader is a bare span, and a name on an element without a role is not allowed (axe
 * aria-prohibited-attr, serious); a spinner only drawn beside its own text stays aria-hidden.
 */
export function LoadingIndicator({ label, size }: { label: string; size?: MantineSize }) {
  return <Loader role="progressbar" aria-label={label} size={size} />;
}

/** A loader centred in a block of the given height, named for screen readers: a view or panel loading. */
export function LoadingBlock({ minHeight = 200 }: { minHeight?: number }) {
  const { t } = useTranslation();
  return (
    <Center mih={minHeight}>
      <LoadingIndicator label={t('global.loading')} />
    </Center>
  );
}
