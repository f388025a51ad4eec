import { ActionIcon, Button, Checkbox, Group, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconColumns3 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A column the panel can show or hide. */
export type ToggleableColumn = { colId: string; name: string; isVisible: boolean };

type ColumnsMenuProps = {
  /** In the grid's order. */
  columns: ToggleableColumn[];
  onToggle: (colId: string, isVisible: boolean) => void;
  /** Moves a column one place up (-1) or down (1); without it the panel does not reorder. */
  onMove?: (colId: string, offset: -1 | 1) => void;
};

/** The columns panel of a grid (AG Grid Community has no side bar): shows, hides and, when asked, reorders columns. */
export function ColumnsMenu({ columns, onToggle, onMove }: ColumnsMenuProps) {
  const { t } = useTranslation();
  return (
    <Popover position="bottom-end" shadow="md" width={onMove ? 320 : 280} trapFocus withinPortal>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns3 size={16} />}>
          {t('grid.columns')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="group" aria-label={t('grid.columns_panel')}>
          <Text size="sm" fw={600}>
            {t('grid.columns_panel')}
          </Text>
          <ScrollArea.Autosize mah="50vh" type="auto">
            <Stack gap={onMove ? 4 : 8} pr="sm">
              {columns.map((column, index) => (
                <Group key={column.colId} gap={4} wrap="nowrap" justify="space-between">
                  <Checkbox
                    label={column.name}
                    checked={column.isVisible}
                    onChange={(event) => onToggle(column.colId, event.currentTarget.checked)}
                  />
                  {onMove && (
                    <Group gap={2} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        size="sm"
                        disabled={index === 0}
                        aria-label={t('grid.move_up', { column: column.name })}
                        onClick={() => onMove(column.colId, -1)}
                      >
                        <IconArrowUp size={14} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        size="sm"
                        disabled={index === columns.length - 1}
                        aria-label={t('grid.move_down', { column: column.name })}
                        onClick={() => onMove(column.colId, 1)}
                      >
                        <IconArrowDown size={14} />
                      </ActionIcon>
                    </Group>
                  )}
                </Group>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
