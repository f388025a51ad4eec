import type { imports } from '@console/contract';
import { Alert, Anchor, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { problemsReport } from '../import-report';

/** How many problems the panel lists; the report holds them all. */
const SHOWN_PROBLEMS = 500;
export const PROBLEMS_REPORT_FILE = 'rapport-erreurs-import.csv';

/**
 * The error report panel (spec 3 §2.8, §8): why nothing was imported, every problem with its
 * line and column, and the whole report to download.
 */
export function ImportProblems({ problems, title }: { problems: readonly imports.ImportProblem[]; title: string }) {
  const { t } = useTranslation();
  const messageOf = (problem: imports.ImportProblem) => t(problem.msg, { ...problem.params });
  const report = useMemo(
    () =>
      problemsReport(problems, [t('imports.report.line'), t('imports.report.column'), t('imports.report.message')], (problem) =>
        t(problem.msg, { ...problem.params }),
      ),
    [problems, t],
  );
  const href = useMemo(() => URL.createObjectURL(new Blob([report], { type: 'text/csv;charset=utf-8' })), [report]);
  useEffect(() => () => URL.revokeObjectURL(href), [href]);

  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      <Stack gap="sm">
        <Anchor href={href} download={PROBLEMS_REPORT_FILE} size="sm">
          <Group gap={4} component="span" wrap="nowrap">
            <IconDownload size={16} aria-hidden />
            {t('imports.report.download')}
          </Group>
        </Anchor>
        <ScrollArea.Autosize mah={360}>
          <Table striped withTableBorder fz="sm" aria-label={t('imports.report.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('imports.report.line')}</Table.Th>
                <Table.Th scope="col">{t('imports.report.column')}</Table.Th>
                <Table.Th scope="col">{t('imports.report.message')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {problems.slice(0, SHOWN_PROBLEMS).map((problem, index) => (
                <Table.Tr key={`${problem.line}-${index}`}>
                  <Table.Td>{problem.line}</Table.Td>
                  <Table.Td>{problem.field ?? '—'}</Table.Td>
                  <Table.Td>{messageOf(problem)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
        {problems.length > SHOWN_PROBLEMS && (
          <Text size="sm">{t('imports.report.more', { count: problems.length - SHOWN_PROBLEMS })}</Text>
        )}
      </Stack>
    </Alert>
  );
}
