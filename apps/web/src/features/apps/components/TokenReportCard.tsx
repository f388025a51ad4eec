import { Accordion, Badge, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconRefresh } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '#lib/format';
import { useTokenReport } from '../api';
import { TokenReportApplication } from './TokenReportApplication';
import { notifyFailure } from '#ui/notify-failure';

/**
 * The token error report: schools, then their applications, then the users whose publisher token
 * is in error. A failure to load it shows the generic error toast (spec 1 §8).
 */
export function TokenReportCard({ headingLevel }: { headingLevel: 2 | 3 }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const report = useTokenReport();
  const [openSchools, setOpenSchools] = useState<string[]>([]);

  useEffect(() => {
    if (report.isError) notifyFailure(report.error, t);
  }, [report.isError, report.error, report.errorUpdatedAt, t]);

  const schoolHeadingLevel = (headingLevel + 1) as 3 | 4;
  const applicationHeadingLevel = (headingLevel + 2) as 4 | 5;

  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={4}>
            <Title id={headingId} order={headingLevel} fz="h4">
              {t('apps.token_report.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('apps.token_report.description')}
            </Text>
          </Stack>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => void report.refetch()}
            loading={report.isFetching}
            style={{ flex: 'none' }}
          >
            {t('apps.token_report.refresh')}
          </Button>
        </Group>

        {report.isPending && (
          <Stack gap="xs" aria-busy>
            <Skeleton h={44} />
            <Skeleton h={44} />
          </Stack>
        )}

        {report.isError && (
          <Text size="sm" c="dimmed">
            {t('apps.token_report.load_failed')}
          </Text>
        )}

        {report.data?.length === 0 && (
          <Group gap="sm" py="md" justify="center">
            <ThemeIcon color="teal" variant="light" radius="xl" size="lg" aria-hidden>
              <IconCircleCheck size={20} />
            </ThemeIcon>
            <Text>{t('apps.token_report.empty')}</Text>
          </Group>
        )}

        {report.data && report.data.length > 0 && (
          <Accordion multiple value={openSchools} onChange={setOpenSchools} variant="contained" order={schoolHeadingLevel}>
            {report.data.map((school) => {
              const errorCount = school.applications.reduce((sum, application) => sum + application.total, 0);
              return (
                <Accordion.Item key={school.uai} value={school.uai}>
                  <Accordion.Control>
                    <Group justify="space-between" wrap="nowrap" pr="sm">
                      <Text fw={600}>{`${school.uai} - ${school.name}`}</Text>
                      <Badge color="red" variant="light" radius="sm" style={{ flex: 'none' }}>
                        {t('apps.token_report.error_count', { total: formatCount(errorCount, i18n.language) })}
                      </Badge>
                    </Group>
                  </Accordion.Control>
                  <Accordion.Panel>
                    {/* Only open schools render their tables: a report may list thousands of users. */}
                    {openSchools.includes(school.uai) && (
                      <Stack gap="lg">
                        {school.applications.map((application) => (
                          <TokenReportApplication
                            key={application.idApplication}
                            application={application}
                            headingLevel={applicationHeadingLevel}
                          />
                        ))}
                      </Stack>
                    )}
                  </Accordion.Panel>
                </Accordion.Item>
              );
            })}
          </Accordion>
        )}
      </Stack>
    </Paper>
  );
}
