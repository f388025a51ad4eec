import type { SchoolListItem } from '@console/contract';
import { ActionIcon, Badge, Group, Text, UnstyledButton } from '@mantine/core';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './SchoolPickerList.module.css';

export type PickerEntry = { school: SchoolListItem; label: string };

type SchoolPickerListProps = {
  entries: PickerEntry[];
  activeSchoolUai: string | null;
  /** Whether the user may delete schools; a school is offered for deletion only when it has no pupils. */
  canDelete: boolean;
  onChoose: (label: string) => void;
  onDelete: (entry: PickerEntry) => void;
  /** Arrow up from the first school: back to the search input. */
  onLeaveTop: () => void;
};

const OPTION_SELECTOR = '[data-school-option]';

/** Moves the focus between the schools with the arrow keys, Home and End. */
function handleListKeyDown(event: KeyboardEvent<HTMLUListElement>, onLeaveTop: () => void) {
  const options = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(OPTION_SELECTOR));
  const index = options.findIndex((option) => option === document.activeElement);
  if (index < 0) return;
  const targets: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: options.length - 1 };
  const target = targets[event.key];
  if (target === undefined) return;
  event.preventDefault();
  if (target < 0) onLeaveTop();
  else options[Math.min(target, options.length - 1)]?.focus();
}

/** The schools of the picker: one button each to make it active, and a delete button for empty ones. */
export function SchoolPickerList({ entries, activeSchoolUai, canDelete, onChoose, onDelete, onLeaveTop }: SchoolPickerListProps) {
  const { t } = useTranslation();
  return (
    <ul
      className={classes.list}
      aria-label={t('schools.picker.list')}
      onKeyDown={(event) => handleListKeyDown(event, onLeaveTop)}
    >
      {entries.map((entry) => {
        const isActive = entry.school.UAI === activeSchoolUai;
        return (
          <li key={entry.school.UAI} className={classes.row} data-active={isActive || undefined}>
            <UnstyledButton
              className={classes.option}
              data-school-option
              aria-current={isActive ? 'true' : undefined}
              onClick={() => onChoose(entry.label)}
            >
              <Group gap={6} wrap="nowrap">
                {isActive && <IconCheck size={16} aria-hidden className={classes.check} />}
                <Text size="sm" fw={isActive ? 650 : 500} truncate="end">
                  {entry.label}
                </Text>
              </Group>
            </UnstyledButton>
            <Badge
              variant="light"
              color={entry.school.Effectif === 0 ? 'gray' : 'ocean'}
              tt="none"
              fw={600}
              className={classes.count}
            >
              {t('schools.picker.pupils', { count: entry.school.Effectif })}
            </Badge>
            {canDelete && entry.school.Effectif === 0 && (
              <ActionIcon
                variant="subtle"
                color="red.9"
                aria-label={t('schools.picker.delete', { label: entry.label })}
                onClick={() => onDelete(entry)}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            )}
          </li>
        );
      })}
    </ul>
  );
}
