import type { settings } from '@console/contract';
import { Button, Group, Switch, Table, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatCount, formatDateTime } from '#lib/format';
import { LISTED_SCHOOLS_MAX } from '../purge-task-fields';

type PurgeTaskListProps = {
  tasks: readonly settings.PurgeTask[];
  canEdit: boolean;
  /** The task whose switch is being saved, if any. */
  togglingId: number | null;
  onToggle: (task: settings.PurgeTask) => void;
  onEdit: (task: settings.PurgeTask) => void;
  onDelete: (task: settings.PurgeTask) => void;
};

/** The schools a task purges: all, a few UAIs, or how many. */
function schoolsOf({ arrayUai }: settings.PurgeTask['procedureParameters'], t: TFunction): string {
  if (arrayUai === 'all') return t('settings.tokens.all_schools_short');
  if (arrayUai.length <= LISTED_SCHOOLS_MAX) return arrayUai.join(', ');
  return t('settings.tokens.schools_count', { count: arrayUai.length });
}

/**
 * The scheduled token purges (spec 2 §2.8): name, creator, enabled switch, last execution (with
 * what it cleared), next run ('ø' when none), frequency, platform and schools, and per task the
 * 'Modifier' and 'Supprimer' buttons for a caller who may change them.
 */
export function PurgeTaskList({ tasks, canEdit, togglingId, onToggle, onEdit, onDelete }: PurgeTaskListProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  if (tasks.length === 0) return <Text>{t('settings.tokens.none')}</Text>;

  const lastRunOf = (task: settings.PurgeTask) => {
    if (task.lastExecution === null) return t('settings.tokens.never_run');
    const date = formatDateTime(task.lastExecution, language);
    if (task.lastRemoved === null) return date;
    return t('settings.tokens.last_run', { date, count: task.lastRemoved, removed: formatCount(task.lastRemoved, language) });
  };

  return (
    <Table.ScrollContainer minWidth={960}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Caption>{t('settings.tokens.title')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('settings.tokens.columns.name')}</Table.Th>
            <Table.Th scope="col">{t('settings.tokens.columns.created_by')}</Table.Th>
            <Table.Th scope="col">{t('settings.tokens.columns.enabled')}</Table.Th>
            <Table.Th scope="col">{t('settings.tokens.columns.last_run')}</Table.Th>
            <Table.Th scope="col">{t('settings.tokens.columns.next_run')}</Table.Th>
            <Table.Th scope="col">{t('settings.tokens.columns.frequency')}</Table.Th>
            <Table.Th scope="col">{t('settings.tokens.columns.platform')}</Table.Th>
            <Table.Th scope="col">{t('settings.tokens.columns.schools')}</Table.Th>
            {canEdit && <Table.Th scope="col">{t('settings.tokens.columns.actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tasks.map((task) => (
            <Table.Tr key={task.eventId}>
              <Table.Th scope="row" fw={600}>
                {task.eventName}
              </Table.Th>
              <Table.Td>{task.createdByFullName}</Table.Td>
              <Table.Td>
                <Switch
                  checked={task.enable}
                  onChange={() => onToggle(task)}
                  disabled={!canEdit || togglingId === task.eventId}
                  aria-label={t('settings.tokens.enable_task', { name: task.eventName })}
                />
              </Table.Td>
              <Table.Td>{lastRunOf(task)}</Table.Td>
              <Table.Td>
                {task.nextRun === null ? t('settings.tokens.no_next_run') : formatDateTime(task.nextRun, language)}
              </Table.Td>
              <Table.Td>{t(`settings.tokens.frequencies.${task.intervalField}`)}</Table.Td>
              <Table.Td>{task.procedureParameters.arrayPlatforms.join(', ')}</Table.Td>
              <Table.Td>{schoolsOf(task.procedureParameters, t)}</Table.Td>
              {canEdit && (
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconPencil size={14} aria-hidden />}
                      aria-label={t('settings.tokens.edit_task', { name: task.eventName })}
                      onClick={() => onEdit(task)}
                    >
                      {t('settings.tokens.edit')}
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      color="red"
                      leftSection={<IconTrash size={14} aria-hidden />}
                      aria-label={t('settings.tokens.delete_task', { name: task.eventName })}
                      onClick={() => onDelete(task)}
                    >
                      {t('settings.tokens.delete')}
                    </Button>
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
