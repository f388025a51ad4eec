import { Button, Checkbox, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconColumns3 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A column the panel can show or hide. */
export type ToggleableColumn = { colId: string; name: string; isVisible: boolean };

type ColumnsMenuProps = { columns: ToggleableColumn[]; onToggle: (colId: string, isVisible: boolean) => void };

/** The columns panel: shows or hides each column (the last update and 'by' start hidden). */
export function ColumnsMenu({ columns, onToggle }: ColumnsMenuProps) {
  const { t } = useTranslation();
  return (
    <Popover position="bottom-end" shadow="md" width={280} trapFocus withinPortal>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns3 size={16} />}>
          {t('global_monitoring.columns')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="group" aria-label={t('global_monitoring.columns_panel')}>
          <Text size="sm" fw={600}>
            {t('global_monitoring.columns_panel')}
          </Text>
          <ScrollArea.Autosize mah="50vh" type="auto">
            <Stack gap={8} pr="sm">
              {columns.map((column) => (
                <Checkbox
                  key={column.colId}
                  label={column.name}
                  checked={column.isVisible}
                  onChange={(event) => onToggle(column.colId, event.currentTarget.checked)}
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
