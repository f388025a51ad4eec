import { Anchor, List, Title, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useClientConfig } from '#features/client-config/api';
import { LoadingIndicator } from '#ui/LoadingBlock';

/** Links to the terms of use and the accessibility statement, as configured on the server. */
export function LegalPanel() {
  const { t } = useTranslation();
  const { data: config, isError } = useClientConfig();
  if (isError) return <>{t('global.errors.occurred')}</>;
  if (!config) return <LoadingIndicator size="sm" label={t('global.loading')} />;
  const links = [
    { key: 'terms', url: config.termsUrl },
    { key: 'accessibility', url: config.accessibilityUrl },
  ];
  return (
    <>
      <Title order={3} fz="h4" mb="md">
        {t('preferences.legal.heading')}
      </Title>
      <List spacing="sm" listStyleType="none" ps={0}>
        {links.map((link) => (
          <List.Item key={link.key}>
            <Anchor href={link.url} target="_blank" rel="noopener noreferrer" inline>
              {t(`preferences.legal.${link.key}`)}
              <VisuallyHidden> {t('shell.opens_new_tab')}</VisuallyHidden>
              <IconExternalLink size={14} style={{ marginInlineStart: 4, verticalAlign: 'middle' }} aria-hidden />
            </Anchor>
          </List.Item>
        ))}
      </List>
    </>
  );
}
