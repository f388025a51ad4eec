import type { apps, SchoolListItem } from '@console/contract';
import { Button, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconRefresh, IconX } from '@tabler/icons-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { schoolLabelOf } from '#features/schools/school-label';
import { useSyncTokens } from '../api';
import { notifyFailure } from '#ui/notify-failure';

const ALL_SCHOOLS = 'all';

/** Options past this many are reached by typing: a long list would slow the dropdown down. */
const OPTIONS_LIMIT = 100;

type TokenSyncFormProps = {
  publisher: apps.Publisher;
  /** The caller's schools; undefined while they load. */
  schools: SchoolListItem[] | undefined;
  /** The heading level of the form's title in the page. */
  headingLevel: 3 | 4;
};

/**
 * Checks the tokens of one publisher for a chosen school or for all of them; the server's
 * Commentaire comes back as a success or an error toast (spec 1 §8).
 */
export function TokenSyncForm({ publisher, schools, headingLevel }: TokenSyncFormProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [target, setTarget] = useState<string>(ALL_SCHOOLS);
  const syncTokens = useSyncTokens();
  const publisherName = t(`apps.publishers.${publisher}`);

  const options = useMemo(
    () => [
      { value: ALL_SCHOOLS, label: t('apps.sync.all_schools') },
      ...(schools ?? []).map((school) => ({ value: school.UAI, label: schoolLabelOf(school) })),
    ],
    [schools, t],
  );

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    syncTokens.mutate(
      { publisher, target },
      {
        onSuccess: ({ ok, Commentaire }) =>
          notifications.show({
            color: ok ? 'teal' : 'red',
            icon: ok ? <IconCheck size={18} aria-hidden /> : <IconX size={18} aria-hidden />,
            title: t(ok ? 'apps.sync.done' : 'apps.sync.failed', { publisher: publisherName }),
            message: Commentaire,
            autoClose: ok ? 6000 : 10_000,
          }),
        onError: (error) => notifyFailure(error, t),
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="lg" h="100%">
      <form aria-labelledby={headingId} onSubmit={handleSubmit} style={{ height: '100%' }}>
        <Stack gap="md" h="100%">
          <Stack gap={4}>
            <Title id={headingId} order={headingLevel} fz="h4">
              {publisherName}
            </Title>
            <Text size="sm" c="dimmed">
              {t('apps.sync.description')}
            </Text>
          </Stack>
          <Select
            label={t('apps.sync.school')}
            data={options}
            value={target}
            onChange={(value) => setTarget(value ?? ALL_SCHOOLS)}
            searchable
            allowDeselect={false}
            limit={OPTIONS_LIMIT}
            nothingFoundMessage={t('apps.sync.no_school_found')}
            comboboxProps={{ withinPortal: true }}
          />
          <Button
            type="submit"
            mt="auto"
            leftSection={<IconRefresh size={18} aria-hidden />}
            loading={syncTokens.isPending}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('apps.sync.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
