import type { UserPageApplication } from '@console/contract';
import { ApplicationIcon } from '../components/ApplicationIcon';
import { Anchor, Badge, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DetailList, type Detail } from './DetailList';
import { SecretText } from './SecretText';

type ApplicationCardProps = {
  application: UserPageApplication;
  /** The enable/disable switch; absent where the page may not change applications. */
  toggle?: { isEnabled: boolean; isDisabled: boolean; onChange: (isEnabled: boolean) => void };
};

const isWebLink = (value: string) => /^https?:\/\//i.test(value);

/**
 * One application of a user (spec 3 §2.3): platform login and password, keys, CAS flag, token
 * validity ('OK' means available; never checked shows nothing) and the link line.
 */
export function ApplicationCard({ application, toggle }: ApplicationCardProps) {
  const { t } = useTranslation();
  const { informations, urls } = application;
  const none = t('users.page.none');
  const passwordLabel = t('users.page.apps.platform_password');

  const details: Detail[] = [
    { label: t('users.page.apps.platform_login'), value: informations.platformLogin ?? none },
    {
      label: passwordLabel,
      value:
        informations.platformPassword !== null ? (
          <SecretText value={informations.platformPassword} label={passwordLabel} />
        ) : informations.hasPlatformPassword ? (
          t('users.page.apps.password_stored')
        ) : (
          none
        ),
    },
    { label: t('users.page.apps.keys'), value: informations.applicationKeys ?? none },
    { label: t('users.page.apps.cas'), value: informations.worksWithCas ? t('users.page.yes') : t('users.page.no') },
    ...(informations.platformValidToken !== null
      ? [
          {
            label: t('users.page.apps.token'),
            value:
              informations.platformValidToken === 'OK' ? (
                <Badge color="teal.9" variant="light" tt="none">
                  {t('users.page.apps.token_available')}
                </Badge>
              ) : (
                informations.platformValidToken
              ),
          },
        ]
      : []),
    ...(urls.urlLine
      ? [
          {
            label: t('users.page.apps.link'),
            value: isWebLink(urls.urlLine) ? (
              <Anchor href={urls.urlLine} target="_blank" rel="noreferrer" style={{ overflowWrap: 'anywhere' }}>
                {urls.urlLine}
              </Anchor>
            ) : (
              <Text component="span" ff="monospace" size="sm">
                {urls.urlLine}
              </Text>
            ),
          },
        ]
      : []),
  ];

  const isEnabled = toggle ? toggle.isEnabled : informations.status === 1;
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={informations.applicationName}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <ApplicationIcon name={informations.applicationName} picturePath={urls.picturePath} size={32} />
            <Title order={4} fz="md">
              {informations.applicationName}
            </Title>
          </Group>
          {toggle ? (
            <Switch
              checked={toggle.isEnabled}
              disabled={toggle.isDisabled}
              onChange={(event) => toggle.onChange(event.currentTarget.checked)}
              label={t(isEnabled ? 'users.page.apps.enabled' : 'users.page.apps.disabled')}
              aria-label={t('users.page.apps.toggle', { name: informations.applicationName })}
              labelPosition="left"
            />
          ) : (
            <Badge color={isEnabled ? 'teal.9' : 'gray.7'} variant="light" tt="none">
              {t(isEnabled ? 'users.page.apps.enabled' : 'users.page.apps.disabled')}
            </Badge>
          )}
        </Group>
        <DetailList details={details} columns={3} />
      </Stack>
    </Paper>
  );
}
