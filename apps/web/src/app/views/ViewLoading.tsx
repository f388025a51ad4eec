import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while a view's chunk loads. */
export function ViewLoading() {
  const { t } = useTranslation();
  return (
    <Center mih={200}>
      <Loader aria-label={t('global.loading')} />
    </Center>
  );
}
