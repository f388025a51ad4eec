import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A loader centred in a block of the given height, named for screen readers: a view or panel loading. */
export function LoadingBlock({ minHeight = 200 }: { minHeight?: number }) {
  const { t } = useTranslation();
  return (
    <Center mih={minHeight}>
      <Loader aria-label={t('global.loading')} />
    </Center>
  );
}
